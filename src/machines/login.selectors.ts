import { validatePassword, validateSecurityCode, validateUsername } from '../../schema/rules'
import type { LoginSnapshot } from './login.machine'

export const selectUsername = (s: LoginSnapshot) => s.context.username
export const selectPassword = (s: LoginSnapshot) => s.context.password
export const selectCode = (s: LoginSnapshot) => s.context.code
export const selectUsernameError = (s: LoginSnapshot) => validateUsername(s.context.username)
export const selectPasswordError = (s: LoginSnapshot) => validatePassword(s.context.password)
export const selectCodeError = (s: LoginSnapshot) => validateSecurityCode(s.context.code)
export const selectError = (s: LoginSnapshot) => (s.hasTag('error') ? s.context.error : null)
export const selectBusy = (s: LoginSnapshot) => s.hasTag('busy')
export const selectOnCodeStep = (s: LoginSnapshot) => s.context.challenge !== null
export const selectCanSignIn = (s: LoginSnapshot) => s.can({ type: 'login.submit' })
export const selectCanVerify = (s: LoginSnapshot) => s.can({ type: 'mfa.submit' })
export const selectCanUsePasskey = (s: LoginSnapshot) => s.can({ type: 'passkey.start' })
export const selectOfferPasskey = (s: LoginSnapshot) => s.context.passkeyOffered
export const selectPasskeyBusy = (s: LoginSnapshot) => s.hasTag('passkey')
