import { createMemoryHistory } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromPromise, type AnyActorLogic, type InspectionEvent, type Observer } from 'xstate'
import type { SelfUser } from '../../schema/user'
import {
  sessionMachine,
  startSession,
  type FetchSelfInput,
} from '../../src/kit/session/session.machine'
import { catalog } from '../../src/catalog'
import { bindRouterToSession, createAppRouter } from '../../src/router'
import { App } from '../../src/areas/shell/views/App'
import { Gate } from './gate'
import { createSyncStub } from './syncStub'
import { inspectViews } from './viewInspection'

/**
 * The whole console as main.tsx assembles it (root actor, real route tree, guards), with the
 * server calls of the session machine replaced by gates the test settles, and the sync's effects
 * stubbed: 'instant' loads the caches at once, 'gated' lets the test drive the loading screen.
 */
export function renderApp(
  path = '/',
  {
    sync: mode = 'instant',
    provide = [],
    inspect,
  }: {
    sync?: 'instant' | 'gated'
    /** Screen machines with their effects swapped (`machine.provide()`), by machine id. */
    provide?: readonly AnyActorLogic[]
    inspect?: Observer<InspectionEvent>
  } = {},
) {
  const gates = { fetchSelf: new Gate<SelfUser>(), signOut: new Gate<void>() }
  const sync = createSyncStub(mode)
  const machine = sessionMachine.provide({
    actors: {
      fetchSelf: fromPromise<SelfUser, FetchSelfInput>(() => gates.fetchSelf.wait()),
      signOut: fromPromise<void>(() => gates.signOut.wait()),
      sync: sync.machine,
    },
  })
  const session = startSession(machine, { inspect: inspectViews(inspect) })
  const router = createAppRouter(session, createMemoryHistory({ initialEntries: [path] }))
  bindRouterToSession(router, session)
  const view = render(<App session={session} router={router} catalog={catalog} provide={provide} />)
  return {
    ...view,
    session,
    router,
    gates,
    sync,
    user: userEvent.setup(),
    pathname: () => router.state.location.pathname,
  }
}

/** Opens the console signed in as `user` at `path` and waits for the signed-in frame. */
export async function renderSignedIn(
  user: SelfUser,
  path = '/home',
  options: Omit<Parameters<typeof renderApp>[1], 'sync'> = {},
) {
  const app = renderApp(path, options)
  app.gates.fetchSelf.resolve(user)
  await screen.findByRole('button', { name: /user menu/i })
  return app
}
