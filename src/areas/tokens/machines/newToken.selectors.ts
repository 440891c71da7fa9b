import type { NewTokenSnapshot } from './newToken.machine'
import { dateBounds, dateError } from './newToken.rules'

/** The New token dialog: what its view reads of the machine (tags, context, can). */
export const selectFormOpen = (s: NewTokenSnapshot) => s.hasTag('open')
export const selectSecretOpen = (s: NewTokenSnapshot) => s.hasTag('secret')
export const selectLoading = (s: NewTokenSnapshot) => s.matches('loading')
export const selectUnavailable = (s: NewTokenSnapshot) => s.matches('unavailable')
export const selectBusy = (s: NewTokenSnapshot) => s.hasTag('busy')
export const selectError = (s: NewTokenSnapshot) => (s.hasTag('error') ? s.context.error : null)
export const selectFields = (s: NewTokenSnapshot) => s.context.fields
export const selectRoles = (s: NewTokenSnapshot) => s.context.roles
export const selectGroups = (s: NewTokenSnapshot) => s.context.groups
export const selectHeld = (s: NewTokenSnapshot) => s.context.held
export const selectCreated = (s: NewTokenSnapshot) => s.context.created
export const selectEditable = (s: NewTokenSnapshot) => s.can({ type: 'newToken.name', value: '' })
export const selectCanCreate = (s: NewTokenSnapshot) => s.can({ type: 'newToken.create' })
export const selectCanCancel = (s: NewTokenSnapshot) => s.can({ type: 'newToken.cancel' })
/** The expiry date's bounds and verdict, against the day the dialog opened. */
export const selectDateBounds = (s: NewTokenSnapshot) => dateBounds(s.context.openedAt)
export const selectDateError = (s: NewTokenSnapshot) =>
  dateError(s.context.fields.date, s.context.openedAt)
