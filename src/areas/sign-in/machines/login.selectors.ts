import { validatePassword, validateUsername } from '../../../../schema/rules'
import type { LoginSnapshot } from './login.machine'
import { validateEnrolmentCode, validateStepCode } from './login.messages'

/** Which card the login shows: the form, the second step, the enrolment or the recovery codes. */
export type LoginStep = 'credentials' | 'code' | 'enrolment' | 'recoveryCodes'

export const selectStep = (s: LoginSnapshot): LoginStep => {
  if (s.matches('enrolment')) return 'enrolment'
  if (s.matches('recoveryCodes') || (s.matches('signedIn') && s.context.recoveryCodes.length > 0))
    return 'recoveryCodes'
  if (s.matches('code') || s.matches('verifying') || s.matches('sendingText')) return 'code'
  return 'credentials'
}

export const selectUsername = (s: LoginSnapshot) => s.context.username
export const selectPassword = (s: LoginSnapshot) => s.context.password
export const selectCode = (s: LoginSnapshot) => s.context.code
export const selectUsernameError = (s: LoginSnapshot) => validateUsername(s.context.username)
export const selectPasswordError = (s: LoginSnapshot) => validatePassword(s.context.password)
export const selectCodeError = (s: LoginSnapshot) =>
  s.matches('enrolment')
    ? validateEnrolmentCode(s.context.code)
    : validateStepCode(s.context.method, s.context.code)
export const selectError = (s: LoginSnapshot) => (s.hasTag('error') ? s.context.error : null)
export const selectBusy = (s: LoginSnapshot) => s.hasTag('busy')
export const selectOnCodeStep = (s: LoginSnapshot) => selectStep(s) !== 'credentials'
export const selectCanSignIn = (s: LoginSnapshot) => s.can({ type: 'login.submit' })
export const selectCanVerify = (s: LoginSnapshot) => s.can({ type: 'mfa.submit' })
export const selectCanUsePasskey = (s: LoginSnapshot) => s.can({ type: 'passkey.start' })
export const selectOfferPasskey = (s: LoginSnapshot) => s.context.passkeyOffered
export const selectPasskeyBusy = (s: LoginSnapshot) => s.hasTag('passkey')
export const selectMethod = (s: LoginSnapshot) => s.context.method
/** The account's other factors, for 'Use another method'. */
export const selectOtherMethods = (s: LoginSnapshot) =>
  s.context.methods.filter((method) => method !== s.context.method)
export const selectSetup = (s: LoginSnapshot) => s.context.setup
export const selectRecoveryCodes = (s: LoginSnapshot) => s.context.recoveryCodes
export const selectCodesSaved = (s: LoginSnapshot) => s.context.codesSaved
export const selectCanFinish = (s: LoginSnapshot) => s.can({ type: 'codes.done' })
/** Where the text went and whether it was sent again, while the step asks for its code. */
export const selectTextSent = (s: LoginSnapshot) => s.context.method === 'sms' && s.context.textSent
export const selectDestination = (s: LoginSnapshot) => s.context.destination
export const selectResent = (s: LoginSnapshot) => s.context.resent
export const selectCanResend = (s: LoginSnapshot) => s.can({ type: 'mfa.resend' })
