import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import { asTestMachine } from './asTestMachine'
import { ApiError } from '../../src/data/api/ApiError'
import { startupMachine, type StartupEvent } from '../../src/machines/startup.machine'
import { selfUser } from '../setup/fixtures'
import { renderApp } from '../setup/renderApp'
import { uncovered } from './coverage'
import { describePath } from './describePath'

const admin = selfUser()
const notSignedIn = new ApiError(401, 401, 'You are not signed in.')
const offline = new ApiError(0, 1000, 'The server could not be reached.', true)

// The invoked calls' endings are events of the model too: the test settles the stubbed call.
const events = [
  { type: 'xstate.done.actor.fetchSelf', output: admin },
  { type: 'xstate.error.actor.fetchSelf', error: notSignedIn },
  { type: 'xstate.error.actor.fetchSelf', error: offline },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: offline },
] as unknown as StartupEvent[]

const testMachine = asTestMachine(startupMachine)
const model = createTestModel(testMachine, { events })
const paths = model.getShortestPaths()

type App = ReturnType<typeof renderApp>
type Step = { event: { type: string; output?: unknown; error?: unknown } }

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
      signedIn: async () => {
        expect(
          await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ }),
        ).toBeVisible()
        expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible()
        expect(app.pathname()).toBe('/home')
      },
      signingOut: async () => {
        expect(await screen.findByText('Signing out...')).toBeVisible()
      },
      signedOut: async (snapshot: ReturnType<typeof startupMachine.getInitialSnapshot>) => {
        expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible()
        await waitFor(() => expect(app.pathname()).toBe('/login'))
        const notice = screen.queryByText('You have been logged out of Gatehouse.')
        if (snapshot.context.loggedOut) expect(notice).toBeVisible()
        else expect(notice).toBeNull()
      },
    },
    events: {
      'xstate.done.actor.fetchSelf': ({ event }: Step) =>
        app.gates.fetchSelf.resolve(event.output as typeof admin),
      'xstate.error.actor.fetchSelf': ({ event }: Step) => app.gates.fetchSelf.reject(event.error),
      'xstate.done.actor.signOut': () => app.gates.signOut.resolve(),
      'xstate.error.actor.signOut': ({ event }: Step) => app.gates.signOut.reject(event.error),
      'session.retry': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Try Again' }))
      },
      'session.signOut': async () => {
        await app.user.click(screen.getByRole('button', { name: 'User menu' }))
        await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }))
        await waitFor(() => expect(app.startup.getSnapshot().matches('signingOut')).toBe(true))
      },
      // Sent by the data layer when an authenticated call answers 401 (main.tsx wires it).
      'session.expired': () => app.startup.send({ type: 'session.expired' }),
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
      const app = renderApp('/')
      await path.test(drive(app))
    })
  }
})
