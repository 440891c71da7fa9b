import { createMemoryHistory } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import type { SelfUser } from '../../schema/user'
import { startupMachine } from '../../src/machines/startup.machine'
import { bindRouterToSession, createAppRouter } from '../../src/router'
import { App } from '../../src/views/app/App'
import { Gate } from './gate'
import { createSyncStub } from './syncStub'

/**
 * The whole console as main.tsx assembles it (root actor, real route tree, guards), with the
 * server calls of the startup machine replaced by gates the test settles, and the sync's effects
 * stubbed: 'instant' loads the caches at once, 'gated' lets the test drive the loading screen.
 */
export function renderApp(path = '/', { sync: mode = 'instant' } = {}) {
  const gates = { fetchSelf: new Gate<SelfUser>(), signOut: new Gate<void>() }
  const sync = createSyncStub(mode)
  const machine = startupMachine.provide({
    actors: {
      fetchSelf: fromPromise<SelfUser>(() => gates.fetchSelf.wait()),
      signOut: fromPromise<void>(() => gates.signOut.wait()),
      sync: sync.machine,
    },
  })
  const startup = createActor(machine, { systemId: 'startup' }).start()
  const router = createAppRouter(startup, createMemoryHistory({ initialEntries: [path] }))
  bindRouterToSession(router, startup)
  const view = render(<App startup={startup} router={router} />)
  return {
    ...view,
    startup,
    router,
    gates,
    sync,
    user: userEvent.setup(),
    pathname: () => router.state.location.pathname,
  }
}

/** Opens the console signed in as `user` at `path` and waits for the signed-in frame. */
export async function renderSignedIn(user: SelfUser, path = '/home') {
  const app = renderApp(path)
  app.gates.fetchSelf.resolve(user)
  await screen.findByRole('button', { name: /^User menu/ })
  return app
}
