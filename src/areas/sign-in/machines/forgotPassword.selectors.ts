import { validateEmail } from '../../../../schema/rules'
import type { ForgotSnapshot } from './forgotPassword.machine'

export const selectEmail = (s: ForgotSnapshot) => s.context.email
export const selectEmailError = (s: ForgotSnapshot) => validateEmail(s.context.email)
export const selectBusy = (s: ForgotSnapshot) => s.hasTag('busy')
export const selectSent = (s: ForgotSnapshot) => s.hasTag('success')
export const selectError = (s: ForgotSnapshot) => (s.hasTag('error') ? s.context.error : null)
export const selectCanSubmit = (s: ForgotSnapshot) => s.can({ type: 'forgot.submit' })
