import type { User } from '../../../../../schema/user'

/** The status badge's words, one per user (disabled over locked over must change over active). */
export type UserStatusText = 'Active' | 'Locked' | 'Disabled' | 'Must change password'

export function userStatusText(
  user: Pick<User, 'disabled' | 'locked' | 'mustChangePassword'>,
): UserStatusText {
  if (user.disabled) return 'Disabled'
  if (user.locked) return 'Locked'
  if (user.mustChangePassword) return 'Must change password'
  return 'Active'
}

/** The badge's colour for each status. */
export const STATUS_COLOR = {
  Active: 'green',
  Locked: 'orange',
  Disabled: 'gray',
  'Must change password': 'amber',
} as const satisfies Record<UserStatusText, string>
