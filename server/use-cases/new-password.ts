import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { PASSWORD_HISTORY_SIZE, policyRefusal } from '../domain/password-policy'
import { passwords } from '../domain/passwords'
import { ApiError } from '../errors'
import { clearAccountCounters } from '../repos/sign-in-counters'
import { recentPasswordHashes, rememberPassword, updateUser } from '../repos/users'

async function isRecent(db: Db, user: UserRow, password: string): Promise<boolean> {
  const recent = await recentPasswordHashes(db, user.id, PASSWORD_HISTORY_SIZE)
  const hashes = new Set([user.passwordHash, ...recent.map((row) => row.hash)])
  for (const hash of hashes) if (await passwords.verify(hash, password)) return true
  return false
}

/**
 * Why `password` may not become the user's new password: 806 naming the policy rules it breaks, or
 * 807 when it repeats one of the last PASSWORD_HISTORY_SIZE passwords; undefined when it may.
 * Shared by the change and reset flows so both refuse the same passwords.
 */
export async function newPasswordRefusal(
  db: Db,
  user: UserRow,
  password: string,
): Promise<ApiError | undefined> {
  const broken = policyRefusal(password)
  if (broken) return new ApiError(ErrorCode.passwordPolicy, broken)
  if (await isRecent(db, user, password)) return new ApiError(ErrorCode.passwordRecentlyUsed)
  return undefined
}

/**
 * Stores a new password (in the caller's transaction): restarts the expiry clock, clears a forced
 * change and remembers it in the history. `unlock` (a reset, the operator's reset-password) also
 * lifts the account's locks and clears its failure counters, its known devices' included.
 */
export async function storeNewPassword(
  tx: Db,
  userId: string,
  passwordHash: string,
  now: Date,
  options: { unlock?: boolean } = {},
): Promise<void> {
  await updateUser(tx, userId, {
    passwordHash,
    passwordChangedAt: now,
    mustChangePassword: false,
    ...(options.unlock ? { lockedAt: null, lockedUntil: null } : {}),
  })
  if (options.unlock) await clearAccountCounters(tx, userId)
  await rememberPassword(tx, userId, passwordHash, now, PASSWORD_HISTORY_SIZE)
}
