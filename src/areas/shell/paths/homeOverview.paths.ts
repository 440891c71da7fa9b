import type { LogEvent } from '../../../../schema/logs'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { selfUser } from '../../../kit/fixtures/users.fixtures'
import { definePaths, withWayIn } from '../../../flows/model'
import {
  homeOverviewMachine,
  type HomeOverviewEvent,
  type HomeOverviewSnapshot,
} from '../machines/homeOverview.machine'
import type { HomeOverview } from '../machines/homeOverview.read'

/** An event of the audit log: the administrator signed in. */
export const signInEvent: LogEvent = {
  id: '0192f0c4-8c6a-7b3e-9a8d-00000000e001',
  at: '2026-02-01T10:30:00.000Z',
  action: 'login',
  outcome: 'success',
  actor: null,
  subject: {
    id: selfUser().id,
    nameFirst: 'Ada',
    nameLast: 'Lovelace',
    email: 'admin@example.com',
  },
  service: null,
  ip: '10.0.0.7',
  userAgent: null,
  detail: null,
}

/** A new installation: two locked accounts, a message the queue gave up on, no service yet. */
export const someOverview: HomeOverview = {
  locked: 2,
  givenUp: 1,
  hasService: false,
  hasOtherStaff: true,
  hasSecondFactor: false,
  activity: [signInEvent],
}

const events = [
  { type: 'overview.retry' },
  { type: 'xstate.done.actor.readOverview', output: someOverview },
  { type: 'xstate.error.actor.readOverview', error: refusal(503, 'The server is busy.') },
] as unknown as HomeOverviewEvent[]

function shows(s: HomeOverviewSnapshot): string {
  if (s.matches('reading')) return "'Loading the overview…'"
  if (s.matches('failed')) return `'The overview could not be loaded: ${s.context.error}' and Retry`
  return 'Needs attention (2 locked accounts, 1 message not sent), Get started (1 of 3 done), Latest activity'
}

export const homeOverviewPaths = definePaths({
  name: 'Home overview',
  machine: homeOverviewMachine,
  input: { reader: selfUser() },
  events,
  serializeState: withWayIn((s: HomeOverviewSnapshot) => JSON.stringify(s.value)),
  shows,
})

export const models = [homeOverviewPaths]
