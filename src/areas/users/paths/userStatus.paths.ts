import {
  userStatusMachine,
  type StatusEvent,
  type UserStatusSnapshot,
} from '../machines/userStatus.machine'
import { STATUS_WORDS } from '../machines/userStatus.messages'
import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { aUser, savedUserOf } from './userDetail.fixtures'
import { messageLine } from '../../../kit/paths/message'

/** An active user: Lock applies; once locked, Unlock does. */
export const statusUser = aUser()
export const lockedUser = savedUserOf(statusUser, { locked: true })

const events = [
  { type: 'status.request', action: 'lock' },
  { type: 'status.request', action: 'unlock' },
  { type: 'status.confirm' },
  { type: 'status.cancel' },
  { type: 'xstate.done.actor.performAction', output: { user: lockedUser, outcome: {} } },
  {
    type: 'xstate.error.actor.performAction',
    error: refusal(422, 'You cannot lock your own account.'),
  },
] as unknown as StatusEvent[]

function shows(s: UserStatusSnapshot): string {
  const name = `${s.context.user.nameFirst} ${s.context.user.nameLast}`
  const button = s.context.user.locked ? 'Unlock' : 'Lock'
  if (!s.hasTag('open')) {
    const { action, outcome } = s.context
    const notice =
      s.hasTag('done') && action
        ? `; the notice '${STATUS_WORDS[action].done({ name, email: s.context.user.email }, outcome)}'`
        : ''
    const buttons =
      action === 'revoke-sessions'
        ? 'Revoke all in the Sessions section'
        : `The Status buttons with ${button}`
    return `${buttons}${notice}`
  }
  const words = STATUS_WORDS[s.context.action ?? 'lock']
  return [
    `The alertdialog '${words.title({ name, email: s.context.user.email })}'`,
    `${words.label} and Cancel are ${s.hasTag('busy') ? 'off' : 'on'}`,
    messageLine(s),
  ].join('; ')
}

export const userStatusPaths = definePaths({
  name: "An active user's status",
  machine: userStatusMachine,
  events,
  input: { user: statusUser },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.action, s.context.user.locked, s.context.error !== null]),
  // Every Status action changes the status, and the section then starts afresh with a new chart
  // (UserPane's statusKey): the next button is pressed in a new chart's 'idle', never in 'done'.
  filterEvents: (s, event) => !(s.matches('done') && event.type === 'status.request'),
  shows,
  detail: (event) => (event.type === 'status.request' ? `(${event.action})` : undefined),
})

/**
 * Revoke all, in the Sessions section: the user's status stays as it was, so the same chart is
 * asked again from 'done'.
 */
export const revokeAllPaths = definePaths({
  name: "Revoke all of a user's sessions",
  machine: userStatusMachine,
  events: [
    { type: 'status.request', action: 'revoke-sessions' },
    { type: 'status.confirm' },
    { type: 'xstate.done.actor.performAction', output: { user: null, outcome: { removed: 2 } } },
  ] as unknown as StatusEvent[],
  input: { user: statusUser },
  serializeState: withWayIn((s) => JSON.stringify(s.value)),
  shows: (s) => (s.matches('idle') ? 'Revoke all in the Sessions section' : shows(s)),
  detail: (event) => (event.type === 'status.request' ? `(${event.action})` : undefined),
})

export const models = [userStatusPaths, revokeAllPaths]
