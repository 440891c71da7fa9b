import { ErrorCode } from '../../schema/errors'
import { type Permission, Permissions } from '../../schema/permissions'
import type { UserRow } from '../db/schema/users'
import { mayGrant } from '../domain/access'
import { maySeeUser } from '../domain/user-visibility'
import { ApiError, unprocessable } from '../errors'

/*
 * The guard rails of Users administration (docs/server-users.md): what staff with users.write may
 * not do to themselves, to the last administrator, and — as EXTERNAL staff — with INTERNAL users,
 * who do not exist for them (domain/user-visibility.ts).
 */

export const MESSAGES = {
  selfLock: 'You cannot lock your own account.',
  selfDisable: 'You cannot disable your own account.',
  selfWrite: 'You cannot remove your own users.write permission.',
  lastAdmin:
    'There must remain at least one active administrator (a user with users.write who is not locked or disabled).',
  internalOnly: 'Only internal staff can change internal users.',
  grant: 'You cannot grant a permission you do not hold yourself.',
  noSuchUser: 'There is no such user.',
  accessOnly: 'Changing permissions needs the users.access permission.',
  inviteEverywhere: 'Only staff who manage every user can invite new ones.',
} as const

/** Short reasons a bulk action gives per refused row (the console lists them). */
export const REASONS = {
  self: 'your own account',
  lastAdmin: 'the last active administrator',
  noSuchUser: 'no such user',
} as const

export const noSuchUser = () => new ApiError(ErrorCode.notFound, MESSAGES.noSuchUser)
export const internalOnly = () => new ApiError(ErrorCode.forbidden, MESSAGES.internalOnly)

/** An administrator who can act: users.write, not locked, not disabled. */
export const isActiveAdmin = (
  user: Pick<UserRow, 'permissions' | 'scopes' | 'lockedAt' | 'disabledAt'>,
): boolean =>
  user.permissions.includes('users.write') &&
  !user.scopes['users.write'] &&
  !user.lockedAt &&
  !user.disabledAt

/**
 * EXTERNAL staff manage EXTERNAL users only. The accounts they may not see are already absent
 * from every lookup made for them; this refuses making one (an invitation, a change of type).
 */
export const mayManage = (actor: UserRow, target: Pick<UserRow, 'type'>): boolean =>
  maySeeUser(actor, target)

/** Nobody hands out a permission they do not hold: users.write is not a way to more power. */
export function assertMayGrant(
  actor: UserRow,
  before: readonly Permission[],
  after: readonly Permission[],
) {
  const added = after.filter((permission) => !before.includes(permission))
  // A direct grant holds everywhere, so the giver must hold it everywhere too.
  if (!mayGrant(actor, added, null)) {
    throw unprocessable(MESSAGES.grant)
  }
}

/** Permissions in the order of the list (schema/permissions.ts), so equal sets look equal. */
export const canonicalPermissions = (permissions: readonly Permission[]): Permission[] =>
  Permissions.filter((permission) => permissions.includes(permission))

/** `{field: {before, after}}` for the fields that differ: the timeline's before → after. */
export function changesOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {}
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) {
      changes[field] = { before: before[field] ?? null, after: value }
    }
  }
  return changes
}
