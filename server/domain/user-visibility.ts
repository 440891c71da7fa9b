import type { UserType } from '../../schema/permissions'

/** Whoever asks: their account type decides which accounts exist for them. */
export interface Viewer {
  type: UserType
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

/** True when `viewer` may see (and so, with the permission, act on) `user`. */
export const maySeeUser = (viewer: Viewer, user: { type: UserType }): boolean =>
  user.type !== hiddenUserType(viewer)
