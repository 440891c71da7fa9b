import { defaultErrorMessage } from '../../../../schema/errors'
import { validateNewPassword } from '../../../../schema/new-password'
import { validateResetEmail, validateResetRepeat } from '../../../kit/machines/password.rules'
import {
  passwordResetMachine,
  type ResetEvent,
  type ResetSnapshot,
} from '../machines/passwordReset.machine'
import { selectScreen } from '../machines/passwordReset.selectors'
import { definePaths, withWayIn } from '../../../flows/model'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { typed } from '../../../kit/paths/typed'

export const SLUG = 'k7Qp2xVb9sLm4T'
/** The address the link was mailed to, as the server has it on file. */
export const ON_FILE = 'ada@example.com'
export const userId = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60'
const expiredLink = failure(404, 804, 'Password reset link has expired.')
const POLICY = 'The new password does not meet the password rules: it is too common.'
/** SPEC.md §8, word for word, and the server's own words for 806. */
export const EXPECTED = {
  recentlyUsed:
    'The new password you entered is the same as an old password. Enter a different password.',
  policy: POLICY,
  exception: 'An Error Occurred. Try Again.',
}

const events = [
  { type: 'xstate.done.actor.lookUpResetToken', output: { email: ON_FILE, invitation: false } },
  { type: 'xstate.error.actor.lookUpResetToken', error: expiredLink },
  { type: 'xstate.error.actor.lookUpResetToken', error: offline },
  { type: 'reset.retry' },
  ...typed('reset.emailChanged', 'Ada@Example.com', 'eve@example.com'),
  ...typed('reset.passwordChanged', 'New#Passw0rd', 'weakpassword'),
  ...typed('reset.repeatChanged', 'New#Passw0rd', 'Other#Passw0rd'),
  { type: 'reset.submit' },
  { type: 'xstate.done.actor.resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: expiredLink },
  { type: 'xstate.error.actor.resetPassword', error: failure(422, 807, defaultErrorMessage[807]) },
  { type: 'xstate.error.actor.resetPassword', error: failure(422, 806, POLICY) },
  { type: 'xstate.error.actor.resetPassword', error: offline },
  { type: 'xstate.done.actor.login' },
  { type: 'xstate.error.actor.login', error: new TypeError('unexpected answer') },
] as unknown as ResetEvent[]

const summary = (s: ResetSnapshot) =>
  JSON.stringify([
    s.value,
    !validateResetEmail(s.context.email, s.context.emailOnFile),
    !validateNewPassword(s.context.password),
    !validateResetRepeat(s.context.repeat, s.context.password),
    s.context.error,
  ])

// A field's rule shows once the field was left; every modelled change leaves it non-empty.
function formShows(s: ResetSnapshot): string[] {
  const { email, emailOnFile, password, repeat } = s.context
  const errors = [
    ['Email', email && validateResetEmail(email, emailOnFile)],
    ['New Password', password && validateNewPassword(password)],
    ['Repeat New Password', repeat && validateResetRepeat(repeat, password)],
  ]
  return [
    "The 'Password Reset' form",
    ...errors.filter(([, error]) => error).map(([label, error]) => `${label} says “${error}”`),
    s.can({ type: 'reset.submit' }) ? 'Save Password is on' : 'Save Password is off',
    s.hasTag('error') ? `the alert reads “${s.context.error}”` : 'no alert',
  ]
}

export const passwordResetPaths = definePaths({
  name: 'Password reset',
  // The model has no login child to hand the new credentials to (its invoke becomes events), so
  // the hand-over, which only messages that child, does nothing here; the driven console has it.
  machine: passwordResetMachine.provide({ actions: { handOverCredentials: () => {} } }),
  events,
  detail: answerDetail,
  input: { slug: SLUG },
  serializeState: withWayIn(summary),
  shows: (s) => {
    if (s.matches('done')) return "The console checks the new sign-in ('Authenticating...')"
    switch (selectScreen(s)) {
      case 'checking':
        return "'Password Reset': 'Checking the link...'"
      case 'unavailable':
        return "'Password Reset': the alert reads “An Error Occurred. Try Again.”; Try Again is on"
      case 'expired':
        return "'Password reset link has expired.' with Login and forgot password"
      case 'form':
        return formShows(s).join('; ')
      case 'failed':
        return "The alert reads “An Error Occurred. Try Again.”; 'Your new password was saved; sign in with it on the login page.' with Login and forgot password"
      case 'signingIn':
        return "'Signing in...'; the notice reads “Your password has been changed”"
    }
  },
})

export const models = [passwordResetPaths]
