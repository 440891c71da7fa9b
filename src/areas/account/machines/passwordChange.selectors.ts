import { validatePassword } from '../../../../schema/rules'
import { validateNewPassword } from '../../../../schema/new-password'
import type { ChangeSnapshot } from './passwordChange.machine'
import { validateRepeat } from '../../../kit/machines/password.rules'

export const selectOldPassword = (s: ChangeSnapshot) => s.context.oldPassword
export const selectPassword = (s: ChangeSnapshot) => s.context.password
export const selectRepeat = (s: ChangeSnapshot) => s.context.repeat
export const selectOldPasswordError = (s: ChangeSnapshot) => validatePassword(s.context.oldPassword)
export const selectPasswordError = (s: ChangeSnapshot) => validateNewPassword(s.context.password)
export const selectRepeatError = (s: ChangeSnapshot) =>
  validateRepeat(s.context.repeat, s.context.password)
export const selectError = (s: ChangeSnapshot) => (s.hasTag('error') ? s.context.error : null)
export const selectBusy = (s: ChangeSnapshot) => s.hasTag('busy')
export const selectChanged = (s: ChangeSnapshot) => s.hasTag('success')
export const selectCanSubmit = (s: ChangeSnapshot) => s.can({ type: 'password.submit' })
export const selectCanLeave = (s: ChangeSnapshot) => s.can({ type: 'password.leave' })
