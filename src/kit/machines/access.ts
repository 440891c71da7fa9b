import type { ALLOW_ALL as AllowAll, Requirement, UserType } from '../../../schema/permissions'
import type { SelfUser } from '../../../schema/user'

// schema/permissions.ts's ALLOW_ALL by value: importing it would bring that module's TypeBox schemas
// into the first load (access checks run on every screen, /login included).
const ALLOW_ALL: typeof AllowAll = 'ALLOW_ALL'

/**
 * What an area of the console asks of the person (SPEC.md §6 'Guarded area rule'): a permission
 * (default ALLOW_ALL), a user type (default any), `invert` to flip the permission check (an area
 * for those who lack it), and `allowAccess`, an explicit answer that overrides both checks.
 */
export type Access = {
  permission?: Requirement
  type?: UserType
  invert?: boolean
  allowAccess?: boolean
}

/**
 * Whether the signed-in person may see an area: the permission is held (or ALLOW_ALL, the default)
 * — or, with `invert`, not held — and the user type matches (default: any). `allowAccess`, when
 * given, is the answer. Nobody without a user. The server checks again; this only hides what it
 * would refuse.
 */
export function canAccess(
  user: Pick<SelfUser, 'permissions' | 'type'> | null,
  access: Access = {},
): boolean {
  if (!user) return false
  if (access.allowAccess !== undefined) return access.allowAccess
  const permission = access.permission ?? ALLOW_ALL
  const held = permission === ALLOW_ALL || user.permissions.includes(permission)
  const permitted = access.invert ? !held : held
  return permitted && (access.type === undefined || access.type === user.type)
}
