import type { SelfUser, User } from '../../schema/user'
import type { UserRow } from '../db/schema/users'
import { passwordExpiresAt } from '../domain/password-policy'

/** A user as the console sees it: its status, but no hashes, counters or lock times. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    nameFirst: row.nameFirst,
    nameLast: row.nameLast,
    email: row.email,
    phone: row.phone,
    use2FA: row.use2fa,
    visage: row.visage,
    type: row.type,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    permissions: row.permissions,
    mustChangePassword: row.mustChangePassword,
    locked: row.lockedAt !== null,
    disabled: row.disabledAt !== null,
    passkeys: row.passkeyCount,
    pendingEmail: row.pendingEmail,
    authenticator: row.authenticatorAt !== null,
  }
}

/**
 * The signed-in user with what the console decides on: permissions, whether a new password is due
 * (a generated first password, or an expired one) and the sign-in before this one.
 */
export function toSelfUser(
  row: UserRow,
  now: Date,
  maxAgeDays: number,
  previous: { at: Date; ip: string } | null,
  mfaGraceUntil: Date | null = null,
): SelfUser {
  const expires = passwordExpiresAt(row.passwordChangedAt, maxAgeDays)
  return {
    ...toUser(row),
    mustChangePassword: row.mustChangePassword || expires <= now,
    passwordExpiresAt: expires.toISOString(),
    previousSignIn: previous ? { at: previous.at.toISOString(), ip: previous.ip } : null,
    mfaGraceUntil: mfaGraceUntil?.toISOString() ?? null,
    scopes: row.scopes,
  }
}
