import type { AuthenticatorSnapshot } from '../../machines/authenticator.machine'

// What the section's parts read from its chart: tags and can(), never state names.
export const selectFactors = (s: AuthenticatorSnapshot) => s.context.factors
export const selectLoading = (s: AuthenticatorSnapshot) =>
  s.hasTag('busy') && !s.hasTag('password') && !s.hasTag('scanning')
export const selectBusy = (s: AuthenticatorSnapshot) => s.hasTag('busy')
export const selectScanning = (s: AuthenticatorSnapshot) => s.hasTag('scanning')
export const selectCodes = (s: AuthenticatorSnapshot) =>
  s.hasTag('codes') ? s.context.codes : null
export const selectSaved = (s: AuthenticatorSnapshot) => s.context.saved
export const selectEnrolled = (s: AuthenticatorSnapshot) => s.hasTag('enrolled')
export const selectSetup = (s: AuthenticatorSnapshot) => s.context.setup
export const selectCode = (s: AuthenticatorSnapshot) => s.context.code
export const selectPasswordOpen = (s: AuthenticatorSnapshot) => s.hasTag('password')
export const selectPassword = (s: AuthenticatorSnapshot) => s.context.password
/** Which change the password dialog is for. */
export const selectChange = (s: AuthenticatorSnapshot) =>
  s.hasTag('removing') ? 'remove' : s.hasTag('regenerating') ? 'regenerate' : 'setUp'
/** The read's failure, with Retry. */
export const selectReadError = (s: AuthenticatorSnapshot) =>
  s.can({ type: 'authenticator.retry' }) ? s.context.error : null
/** A refusal the dialog shows (a wrong password). */
export const selectDialogError = (s: AuthenticatorSnapshot) =>
  s.hasTag('password') && s.hasTag('error') ? s.context.error : null
/** A refusal the code step shows (a wrong code). */
export const selectCodeError = (s: AuthenticatorSnapshot) =>
  s.hasTag('scanning') && s.hasTag('error') ? s.context.error : null
/** Any other refusal, under the section. */
export const selectSectionError = (s: AuthenticatorSnapshot) =>
  s.hasTag('error') &&
  !s.hasTag('password') &&
  !s.hasTag('scanning') &&
  !s.can({ type: 'authenticator.retry' })
    ? s.context.error
    : null
export const selectCanSetUp = (s: AuthenticatorSnapshot) => s.can({ type: 'authenticator.setUp' })
export const selectCanRemove = (s: AuthenticatorSnapshot) => s.can({ type: 'authenticator.remove' })
export const selectCanRegenerate = (s: AuthenticatorSnapshot) =>
  s.can({ type: 'authenticator.regenerate' })
export const selectCanSubmit = (s: AuthenticatorSnapshot) => s.can({ type: 'authenticator.submit' })
export const selectCanCancel = (s: AuthenticatorSnapshot) => s.can({ type: 'authenticator.cancel' })
export const selectCanVerify = (s: AuthenticatorSnapshot) => s.can({ type: 'authenticator.verify' })
export const selectCanDone = (s: AuthenticatorSnapshot) => s.can({ type: 'authenticator.done' })
