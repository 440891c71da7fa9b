import { ALLOW_ALL, type Requirement, type UserType } from '../../schema/permissions'
import type { SelfUser } from '../../schema/user'

/** What an area of the console asks of the person (SPEC.md §6 'Guarded area rule'). */
export type Access = { permission?: Requirement; type?: UserType }

/**
 * Whether the signed-in person may see an area: the permission is held (or ALLOW_ALL, the default)
 * and the user type matches (default: any). The server checks again; this only hides what it would refuse.
 */
export function canAccess(
  user: Pick<SelfUser, 'permissions' | 'type'> | null,
  access: Access = {},
): boolean {
  if (!user) return false
  const permission = access.permission ?? ALLOW_ALL
  const permitted = permission === ALLOW_ALL || user.permissions.includes(permission)
  return permitted && (access.type === undefined || access.type === user.type)
}
