import { validateNewPassword } from '../../../../schema/new-password'
import type { ResetSnapshot } from './passwordReset.machine'
import { validateResetEmail, validateResetRepeat } from '../../../kit/machines/password.rules'

/** Which part of the reset screen shows. */
export type ResetScreen = 'checking' | 'unavailable' | 'expired' | 'form' | 'signingIn' | 'failed'

export function selectScreen(s: ResetSnapshot): ResetScreen {
  if (s.hasTag('checking')) return 'checking'
  if (s.hasTag('unavailable')) return 'unavailable'
  if (s.hasTag('expired')) return 'expired'
  if (s.hasTag('form')) return 'form'
  if (s.hasTag('signInFailed')) return 'failed'
  return 'signingIn'
}

export const selectEmail = (s: ResetSnapshot) => s.context.email
export const selectPassword = (s: ResetSnapshot) => s.context.password
export const selectRepeat = (s: ResetSnapshot) => s.context.repeat
export const selectEmailError = (s: ResetSnapshot) =>
  validateResetEmail(s.context.email, s.context.emailOnFile)
export const selectPasswordError = (s: ResetSnapshot) => validateNewPassword(s.context.password)
export const selectRepeatError = (s: ResetSnapshot) =>
  validateResetRepeat(s.context.repeat, s.context.password)
export const selectError = (s: ResetSnapshot) => (s.hasTag('error') ? s.context.error : null)
export const selectBusy = (s: ResetSnapshot) => s.hasTag('busy')
export const selectCanSave = (s: ResetSnapshot) => s.can({ type: 'reset.submit' })
export const selectCanRetry = (s: ResetSnapshot) => s.can({ type: 'reset.retry' })
/** The login flow signing in with the new password, while it runs. */
export const selectLogin = (s: ResetSnapshot) => s.children.login
/** The link invites a new user: the screen welcomes them rather than saying 'Password Reset'. */
export const selectInvitation = (s: ResetSnapshot) => s.context.invitation
