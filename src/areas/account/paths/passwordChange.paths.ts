import { defaultErrorMessage } from '../../../../schema/errors'
import { validatePassword } from '../../../../schema/rules'
import { validateNewPassword } from '../../../../schema/new-password'
import { validateRepeat } from '../../../kit/machines/password.rules'
import {
  passwordChangeMachine,
  type ChangeEvent,
  type ChangeSnapshot,
} from '../machines/passwordChange.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { selfUser } from '../../../kit/fixtures/users.fixtures'
import { typed } from '../../../kit/paths/typed'

const POLICY = 'The new password does not meet the password rules: it needs a number.'
/** What each failure must put on screen: SPEC.md §8 word for word, 805 plainly, 806 the server's. */
export const EXPECTED = {
  oldWrong: 'The old password is not correct.',
  recentlyUsed:
    'The new password you entered is the same as an old password. Enter a different password.',
  policy: POLICY,
  exception: 'An Error Occurred. Try Again.',
}

/** Signed in with a generated password: /password is the only place to go until it is changed. */
export const forced = selfUser({
  mustChangePassword: true,
  passwordExpiresAt: '2026-01-01T00:00:00.000Z',
})
/** The same user fetched again after the change. */
export const refreshed = selfUser({
  mustChangePassword: false,
  passwordExpiresAt: '2099-01-01T00:00:00.000Z',
})

const events = [
  ...typed('password.oldChanged', 'Gatehouse#2026', 'short'),
  ...typed('password.newChanged', 'New#Passw0rd', 'weakpassword'),
  ...typed('password.repeatChanged', 'New#Passw0rd', 'Other#Passw0rd'),
  { type: 'password.submit' },
  { type: 'password.leave' },
  { type: 'xstate.done.actor.changePassword' },
  { type: 'xstate.error.actor.changePassword', error: failure(422, 805, defaultErrorMessage[805]) },
  { type: 'xstate.error.actor.changePassword', error: failure(422, 807, defaultErrorMessage[807]) },
  { type: 'xstate.error.actor.changePassword', error: failure(422, 806, POLICY) },
  { type: 'xstate.error.actor.changePassword', error: offline },
  { type: 'xstate.done.actor.fetchSelf', output: refreshed },
  { type: 'xstate.error.actor.fetchSelf', error: offline },
  { type: 'xstate.after.changedMessage.passwordChange.changed' },
] as unknown as ChangeEvent[]

// Whether each field passes its rule, and the message on show; typed text itself is not part of
// the model (it would make it unbounded).
const summary = (s: ChangeSnapshot) =>
  JSON.stringify([
    s.value,
    !validatePassword(s.context.oldPassword),
    !validateNewPassword(s.context.password),
    !validateRepeat(s.context.repeat, s.context.password),
    s.context.error,
  ])

export const passwordChangePaths = definePaths({
  name: 'Change password (forced)',
  machine: passwordChangeMachine,
  events,
  detail: answerDetail,
  input: { userId: forced.id },
  serializeState: withWayIn(summary),
  shows: (s) => {
    if (s.matches('left')) return 'Home'
    if (s.hasTag('success'))
      return "'Password Change': the message reads “Your password has been changed”; Home is on"
    return [
      "The 'You need to change your password' form",
      s.can({ type: 'password.submit' }) ? 'Change Password is on' : 'Change Password is off',
      s.hasTag('error') ? `the alert reads “${s.context.error}”` : 'no alert',
    ].join('; ')
  },
})

export const models = [passwordChangePaths]
