import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AnyActorRef } from 'xstate'
import { ownerKey } from '../../../src/data/db/cacheOwner'
import { offline } from '../../../src/kit/fixtures/api.fixtures'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { PROBE, admin, probeMachine, sessionPaths } from '../../../src/kit/paths/session.paths'
import { sessionMachine, type SessionSnapshot } from '../../../src/kit/session/session.machine'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const probe = (app: App) =>
  app.session.getSnapshot().children[PROBE as 'sync'] as AnyActorRef | undefined

const probeStatus = (ref: AnyActorRef | undefined) =>
  (ref?.getSnapshot() as { status: string } | undefined)?.status

const { paths } = buildPaths(sessionPaths)
const view = viewCoverage(sessionPaths)

type App = ReturnType<typeof renderApp>
type Step = { event: { type: string; output?: unknown; error?: unknown; snapshot?: unknown } }
const tagsOf = (event: Step['event']) => (event.snapshot as { tags: string[] }).tags

/** The sync's event stream is open exactly while a session is. */
const expectListening = (app: App, open: boolean) =>
  expect(app.sync.listening.started - app.sync.listening.stopped).toBe(open ? 1 : 0)

/** The caches open (unless a step opened them already) and the sessions table reports its rows. */
async function reportProgress(app: App) {
  if (app.sync.isOpening()) app.sync.open('open')
  await waitFor(() => expect(() => app.sync.load('attributes')).not.toThrow())
  app.sync.load('identity').next({ area: 'identity', table: 'sessions', loaded: 12_500 })
  expect(await screen.findByText('Sessions — 12,500 rows')).toBeVisible()
}

async function loadCaches(app: App) {
  await reportProgress(app)
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
      signedOut: async (snapshot: SessionSnapshot) => {
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
      // The real sync (with stubbed effects) gets there; session hears its snapshots.
      'xstate.snapshot.sync': async ({ event }: Step) => {
        const tags = tagsOf(event)
        if (tags.includes('ready')) await loadCaches(app)
        else if (tags.includes('error')) app.sync.open(offline)
        // Progress: rows loaded so far, which only the loading screen shows.
        else await reportProgress(app)
      },
      'data.retry': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Try Again' }))
        await waitFor(() => expect(app.sync.isOpening()).toBe(true))
      },
      'session.retry': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Try Again' }))
      },
      'session.signOut': async () => {
        const state = app.session.getSnapshot()
        if (state.matches({ signedIn: 'ready' })) {
          await app.user.click(screen.getByRole('button', { name: /user menu/i }))
          await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }))
        } else if (state.matches({ signedIn: { loadingData: 'failed' } })) {
          await app.user.click(screen.getByRole('link', { name: 'Logout' }))
        } else {
          // The loading screen offers no menu; the /logout route is the way out. Its redirect to
          // '/' settles only once the sign-out does, which a later step decides.
          void app.router.navigate({ to: '/logout' })
        }
        await waitFor(() => expect(app.session.getSnapshot().matches('signingOut')).toBe(true))
      },
      // Sent by the data layer when an authenticated call answers 401 (main.tsx wires it).
      'session.expired': () => app.session.send({ type: 'session.expired' }),
      // Sent by the account screens (profile, password), whose own models drive the forms.
      'self.updated': () =>
        app.session.send({ type: 'self.updated', changes: { nameFirst: admin.nameFirst } }),
      // Sent by the login flow, whose own model drives the form.
      'session.signedIn': () => app.session.send({ type: 'session.signedIn' }),
      // Sent by useScreenActor as a view mounts and unmounts; the real views do it on every path.
      'screen.open': () => {
        app.session.send({ type: 'screen.open', id: PROBE, logic: probeMachine })
        expect(probeStatus(probe(app))).toBe('active')
      },
      'screen.close': () => {
        const opened = probe(app)
        app.session.send({ type: 'screen.close', id: PROBE })
        expect(probe(app)).toBeUndefined()
        if (opened) expect(probeStatus(opened)).toBe('stopped')
      },
      // A screen's machine throws: that screen stops, the session carries on where it was.
      'xstate.error.actor.*': () => {
        const report = vi.spyOn(console, 'error').mockImplementation(() => {})
        const before = app.session.getSnapshot().value
        app.session.send({ type: 'screen.open', id: PROBE, logic: probeMachine })
        probe(app)?.send({ type: 'probe.fail' })
        expect(probeStatus(probe(app))).toBe('error')
        expect(app.session.getSnapshot().status).toBe('active')
        expect(app.session.getSnapshot().value).toEqual(before)
        expect(report).toHaveBeenCalledWith(`The actor ${PROBE} failed:`, expect.any(Error))
        report.mockRestore()
        app.session.send({ type: 'screen.close', id: PROBE })
      },
    },
  }
}

describe('session statechart, driving the console', () => {
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(sessionMachine, [{ input: undefined, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = renderApp('/', { sync: 'gated' })
      await view.drive(path, drive(app))
    })
  }
})
