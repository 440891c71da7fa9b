import { setup } from 'xstate'
import { sessionMachine, type SessionEvent, type SessionSnapshot } from '../session/session.machine'
import { answerDetail, notSignedIn, offline } from '../fixtures/api.fixtures'
import { definePaths } from '../../flows/model'
import { selfUser } from '../fixtures/users.fixtures'

export const admin = selfUser()

/** A stand-in screen: it does nothing until told to fail. */
export const PROBE = 'probe'
export const probeMachine = setup({
  actions: {
    fail: () => {
      throw new Error('The probe failed.')
    },
  },
}).createMachine({ id: PROBE, on: { 'probe.fail': { actions: 'fail' } } })

// What the sync child reports to session: a snapshot, reduced to the tags the guards read.
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
  { type: 'xstate.snapshot.sync', snapshot: syncSnapshot('busy') },
  { type: 'xstate.snapshot.sync', snapshot: syncSnapshot('ready') },
  { type: 'xstate.snapshot.sync', snapshot: syncSnapshot('error') },
  // An account screen saved the same name again: the user is merged, the state stays.
  { type: 'self.updated', changes: { nameFirst: admin.nameFirst } },
  // A screen opens and closes under the session, or its actor fails (in any state).
  { type: 'screen.open', id: PROBE, logic: probeMachine },
  { type: 'screen.close', id: PROBE },
  { type: 'xstate.error.actor.*', error: new Error('The probe failed.') },
] as unknown as SessionEvent[]

function shows(s: SessionSnapshot): string {
  if (s.matches('authenticating')) return "'Authenticating...'"
  if (s.matches('unreachable')) return "'An Error Occurred. Try Again.' with Try Again"
  if (s.matches({ signedIn: { loadingData: 'loading' } }))
    return "'Loading Data, please wait...' with a progress bar and the rows loaded so far; no menu"
  if (s.matches({ signedIn: { loadingData: 'failed' } }))
    return "'The data could not be loaded.' with the reason, Try Again and Logout"
  if (s.matches({ signedIn: 'ready' })) return "Home ('Good morning, Ada') with the main menu"
  if (s.matches('signingOut')) return "'Signing out...'"
  return s.context.loggedOut
    ? "The 'Admin Login' form with 'You have been logged out of Gatehouse.'"
    : "The 'Admin Login' form"
}

export const sessionPaths = definePaths({
  name: 'The console',
  // The model has no sync child to tell (its invoke becomes events), so the retry, which only
  // messages that child, does nothing here; the driven console has the real one.
  machine: sessionMachine.provide({ actions: { retrySync: () => {} } }),
  events,
  // Each state is told apart by the step that reached it, so that the shortest paths take every
  // transition, those that keep the state (a user update, a screen opening, closing or failing) too.
  serializeState: (snapshot, event, previous) => {
    const key = (s: typeof snapshot) => JSON.stringify([s.value, s.context])
    return event && previous
      ? `${key(snapshot)} via ${event.type} from ${key(previous)}`
      : key(snapshot)
  },
  detail: (event) => {
    if (event.type === 'xstate.snapshot.sync')
      return `(${(event.snapshot as unknown as { tags: string[] }).tags.join(', ')})`
    return answerDetail(event)
  },
  shows,
})

export const models = [sessionPaths]
