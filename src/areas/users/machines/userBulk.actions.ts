import type { BulkAction } from '../../../../schema/users'

/** The bulk actions on group membership (users.access): they ask which group first. */
export const GroupActions = ['add-to-group', 'remove-from-group'] as const
export type GroupAction = (typeof GroupActions)[number]

/** Every action of the selection bar: the server's bulk actions and the group ones. */
export type UserBulkAction = BulkAction | GroupAction

export const isGroupAction = (action: UserBulkAction | null): action is GroupAction =>
  action === 'add-to-group' || action === 'remove-from-group'
