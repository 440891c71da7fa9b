import type { AccessSource, Role, UserAccess } from '../../../../schema/access'
import { SCOPABLE_PERMISSIONS } from '../../../../schema/access'
import type { Permission } from '../../../../schema/permissions'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** One role assignment as the detail shows it. */
export type Assignment = UserAccess['assignments'][number]

/** 'Help desk', or 'Help desk for group Pharmacy staff'. */
export const assignmentText = (a: Pick<Assignment, 'roleName' | 'groupName'>) =>
  a.groupName === null ? a.roleName : `${a.roleName} for group ${a.groupName}`

/** Where an effective permission comes from: 'Help desk role (for group …)' or 'Direct grant'. */
export function sourceText(source: AccessSource): string {
  if (source.kind === 'direct') return 'Direct grant'
  return source.groupName === null
    ? `${source.roleName} role`
    : `${source.roleName} role for group ${source.groupName}`
}

/** Whether the signed-in person holds every permission of the role (nobody grants more). */
export const isGrantable = (role: Pick<Role, 'permissions'>, held: readonly Permission[]) =>
  role.permissions.every((p) => held.includes(p))

/** Whether a group scope can narrow the role: it holds a permission that acts on users. */
export const isScopable = (role: Pick<Role, 'permissions'>) =>
  role.permissions.some((p) => SCOPABLE_PERMISSIONS.includes(p))

/** The scope choice meaning "no group": the role holds everywhere. */
export const EVERYWHERE = 'Everywhere'

export const rolesSavedNotice = (name: string) => succeeded(`The roles of ${name} were saved`)
export const rolesNotSavedNotice = (name: string, reason: string | null) =>
  failed(`The roles of ${name} were not saved`, reason)
export const groupsSavedNotice = (name: string) => succeeded(`The groups of ${name} were saved`)
export const groupsNotSavedNotice = (name: string, reason: string | null) =>
  failed(`The groups of ${name} were not saved`, reason)
