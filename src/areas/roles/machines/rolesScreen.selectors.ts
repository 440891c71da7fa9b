import type { Role } from '../../../../schema/access'
import type { RoleEditorActor } from './roleEditor.machine'
import type { RolesScreenSnapshot } from './rolesScreen.machine'

/** The Roles screen: what its views read of the machine (tags, context, can, children). */
export const selectRoles = (s: RolesScreenSnapshot) => s.context.roles
export const selectLoading = (s: RolesScreenSnapshot) => s.matches('loading')
export const selectReadError = (s: RolesScreenSnapshot) =>
  s.matches('failed') ? s.context.readError : null
export const selectCanCreate = (s: RolesScreenSnapshot) => s.can({ type: 'roles.create' })
export const selectCanChange = (s: RolesScreenSnapshot) => s.matches('ready')

/** The role a phone shows: the one picked while it exists, else the first. */
export const selectShown = (s: RolesScreenSnapshot): Role | null =>
  s.context.roles.find((role) => role.id === s.context.shown) ?? s.context.roles[0] ?? null

/** The role the delete dialog is about. */
export const selectTarget = (s: RolesScreenSnapshot) => s.context.target

/** The open New role or Edit role dialog's chart, while there is one. */
export const selectEditor = (s: RolesScreenSnapshot) =>
  (s.children as { roleEditor?: RoleEditorActor }).roleEditor
