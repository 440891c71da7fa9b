import {
  userStatusMachine,
  type StatusEvent,
  type UserStatusSnapshot,
} from '../machines/userStatus.machine'
import { STATUS_WORDS } from '../machines/userStatus.messages'
import { definePaths } from '../../../flows/model'
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
    const notice = s.hasTag('done') ? `; the notice '${name} was locked.'` : ''
    return `The Status buttons with ${button}${notice}`
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
  // Once the user is locked and Unlock was asked for, the rest repeats what Lock showed.
  stopWhen: (s) => s.context.user.locked && s.context.action === 'unlock',
  shows,
  detail: (event) => (event.type === 'status.request' ? `(${event.action})` : undefined),
})

export const models = [userStatusPaths]
