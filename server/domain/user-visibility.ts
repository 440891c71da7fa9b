import type { Permission, UserType } from '../../schema/permissions'
import type { AccessScopes } from '../../schema/access'

/**
 * Whoever asks: their account type decides which accounts exist for them, and the group scopes
 * of their permissions (docs/access.md) which of those they reach with each permission.
 */
export interface Viewer {
  type: UserType
  /** Permission → the groups it is held over; absent for a permission held everywhere. */
  scopes?: AccessScopes
}

/**
 * The account type `viewer` may not see, or undefined when it sees every account
 * (docs/server-security.md, "Who sees whom"). INTERNAL accounts are the provider's own staff: to
 * an EXTERNAL caller they do not exist, whatever its permissions. They are absent from its lists,
 * its sync and its logs, and naming one answers 404, as an id that names nothing does. INTERNAL
 * callers see everyone.
 */
export const hiddenUserType = (viewer: Viewer): UserType | undefined =>
  viewer.type === 'INTERNAL' ? undefined : 'INTERNAL'

/** True when `viewer` may see (and so, with the permission, act on) `user`, groups aside. */
export const maySeeUser = (viewer: Viewer, user: { type: UserType }): boolean =>
  user.type !== hiddenUserType(viewer)

/**
 * The groups whose members `viewer` reaches with `permission`, or undefined when it reaches every
 * user it may see (the permission is held everywhere). Users outside them do not exist for that
 * use: lists leave them out and naming one answers 404.
 */
export const groupsReached = (
  viewer: Viewer,
  permission: Permission,
): readonly string[] | undefined => viewer.scopes?.[permission]

/** A key that tells apart viewers who see different users (caches of answers per viewer). */
export function viewKey(viewer: Viewer, permissions: readonly Permission[]): string {
  const scoped = permissions
    .map((permission) => groupsReached(viewer, permission))
    .map((groups) => (groups ? groups.join(',') : '*'))
  return `${hiddenUserType(viewer) ?? ''}|${scoped.join(';')}`
}
