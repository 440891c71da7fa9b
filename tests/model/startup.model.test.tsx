import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import { asTestMachine } from './asTestMachine'
import { ApiError } from '../../src/data/api/ApiError'
import { ownerKey } from '../../src/data/db/cacheOwner'
import {
  startupMachine,
  type StartupEvent,
  type StartupSnapshot,
} from '../../src/machines/startup.machine'
import { selfUser } from '../setup/fixtures'
import { renderApp } from '../setup/renderApp'
import { uncovered } from './coverage'
import { describePath } from './describePath'

const admin = selfUser()
const notSignedIn = new ApiError(401, 401, 'You are not signed in.')
const offline = new ApiError(0, 1000, 'The server could not be reached.', true)

// What the sync child reports to startup: a snapshot, reduced to the tags the guards read.
const syncSnapshot = (...tags: string[]) => ({
  tags,
  hasTag(tag: string) {
    return this.tags.includes(tag)
  },
})

// The invoked calls' endings are events of the model too: the test settles the stubbed call.
const events = [
  { type: 'xstate.done.actor.fetchSelf', output: admin },
  { type: 'xstate.error.actor.fetchSelf', error: notSignedIn },
  { type: 'xstate.error.actor.fetchSelf', error: offline },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: offline },
  { type: 'xstate.snapshot.sync', snapshot: syncSnapshot('ready') },
  { type: 'xstate.snapshot.sync', snapshot: syncSnapshot('error') },
  // An account screen saved the same name again: the user is merged, the state stays.
  { type: 'self.updated', changes: { nameFirst: admin.nameFirst } },
] as unknown as StartupEvent[]

// The model has no sync child to tell; the driven console has the real one.
const testMachine = asTestMachine(startupMachine.provide({ actions: { retrySync: () => {} } }))
const model = createTestModel(testMachine, { events })
const paths = model.getShortestPaths()

type App = ReturnType<typeof renderApp>
type Step = { event: { type: string; output?: unknown; error?: unknown; snapshot?: unknown } }
const tagsOf = (event: Step['event']) => (event.snapshot as { tags: string[] }).tags

/** The sync's event stream is open exactly while a session is. */
const expectListening = (app: App, open: boolean) =>
  expect(app.sync.listening.started - app.sync.listening.stopped).toBe(open ? 1 : 0)

async function loadCaches(app: App) {
  app.sync.open('open')
  await waitFor(() => expect(() => app.sync.load('attributes')).not.toThrow())
  app.sync.load('identity').next({ area: 'identity', table: 'sessions', loaded: 12_500 })
  expect(await screen.findByText('sessions — 12,500 rows')).toBeVisible()
  app.sync.load('identity').complete()
  app.sync.load('attributes').complete()
}

function drive(app: App) {
  return {
    states: {
      authenticating: async () => {
        expect(await screen.findByText('Authenticating...')).toBeVisible()
      },
      unreachable: async () => {
        expect(await screen.findByText('An Error Occurred. Try Again.')).toBeVisible()
        expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled()
      },
      'signedIn.loadingData.loading': async () => {
        expect(await screen.findByText('Loading Data, please wait...')).toBeVisible()
        expect(screen.getByRole('progressbar', { name: 'Loading data' })).toBeVisible()
        // No screen (and no shell) before the caches are loaded.
        expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
        // The caches are opened for the user who signed in: anyone else's rows are dropped first.
        expect(app.sync.openedFor.at(-1)).toBe(ownerKey(admin))
      },
      'signedIn.loadingData.failed': async () => {
        expect(await screen.findByText('The data could not be loaded.')).toBeVisible()
        expect(screen.getByText('The server could not be reached.')).toBeVisible()
        expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled()
        expect(screen.getByRole('link', { name: 'Logout' })).toBeVisible()
      },
      'signedIn.ready': async () => {
        expect(
          await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ }),
        ).toBeVisible()
        expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible()
        expect(app.pathname()).toBe('/home')
        expectListening(app, true)
      },
      signingOut: async () => {
        expect(await screen.findByText('Signing out...')).toBeVisible()
        expectListening(app, false)
      },
      signedOut: async (snapshot: StartupSnapshot) => {
        expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible()
        await waitFor(() => expect(app.pathname()).toBe('/login'))
        const notice = screen.queryByText('You have been logged out of Gatehouse.')
        if (snapshot.context.loggedOut) expect(notice).toBeVisible()
        else expect(notice).toBeNull()
        expectListening(app, false)
      },
    },
    events: {
      'xstate.done.actor.fetchSelf': ({ event }: Step) =>
        app.gates.fetchSelf.resolve(event.output as typeof admin),
      'xstate.error.actor.fetchSelf': ({ event }: Step) => app.gates.fetchSelf.reject(event.error),
      'xstate.done.actor.signOut': () => app.gates.signOut.resolve(),
      'xstate.error.actor.signOut': ({ event }: Step) => app.gates.signOut.reject(event.error),
      // The real sync (with stubbed effects) gets there; startup hears its snapshots.
      'xstate.snapshot.sync': async ({ event }: Step) => {
        if (tagsOf(event).includes('ready')) await loadCaches(app)
        else app.sync.open(offline)
      },
      'data.retry': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Try Again' }))
        await waitFor(() => expect(app.sync.isOpening()).toBe(true))
      },
      'session.retry': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Try Again' }))
      },
      'session.signOut': async () => {
        const state = app.startup.getSnapshot()
        if (state.matches({ signedIn: 'ready' })) {
          await app.user.click(screen.getByRole('button', { name: /^User menu/ }))
          await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }))
        } else if (state.matches({ signedIn: { loadingData: 'failed' } })) {
          await app.user.click(screen.getByRole('link', { name: 'Logout' }))
        } else {
          // The loading screen offers no menu; the /logout route is the way out. Its redirect to
          // '/' settles only once the sign-out does, which a later step decides.
          void app.router.navigate({ to: '/logout' })
        }
        await waitFor(() => expect(app.startup.getSnapshot().matches('signingOut')).toBe(true))
      },
      // Sent by the data layer when an authenticated call answers 401 (main.tsx wires it).
      'session.expired': () => app.startup.send({ type: 'session.expired' }),
      // Sent by the account screens (profile, password), whose own models drive the forms.
      'self.updated': () =>
        app.startup.send({ type: 'self.updated', changes: { nameFirst: admin.nameFirst } }),
      // Sent by the login flow, whose own model drives the form.
      'session.signedIn': () => app.startup.send({ type: 'session.signedIn' }),
    },
  }
}

describe('startup statechart, driving the console', () => {
  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = renderApp('/', { sync: 'gated' })
      await path.test(drive(app))
    })
  }
})
