import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import { lockSecondsLeft, temporaryLockMessage } from '../domain/lockout'
import { ApiError } from '../errors'
import { type AuditAction, recordAudit } from '../repos/audit'
import type { UseCaseContext } from './context'

/**
 * The answer while an account is locked for a while: 823 like the address throttle (429, the
 * seconds in Retry-After and the message), not 802, whose SPEC.md wording promises an
 * administrator's unlock that a temporary lock does not need.
 */
export function temporarilyLocked(until: Date, now = new Date()): ApiError {
  const seconds = Math.max(1, lockSecondsLeft(until, now))
  return new ApiError(ErrorCode.throttled, temporaryLockMessage(seconds), 429, {
    'retry-after': String(seconds),
  })
}

/**
 * Refuses a sign-in step for an account locked for good (staff's lock, or the opt-in permanent
 * lockout): 802 whatever the password or code, before anything is checked or counted, so the
 * answer never confirms a guess. Temporary locks belong to the counters (use-cases/guess.ts).
 */
export async function assertNotLocked(
  ctx: UseCaseContext,
  user: UserRow,
  action: AuditAction,
  detail: Record<string, unknown> = {},
): Promise<void> {
  if (!user.lockedAt) return
  await recordAudit(ctx.db, ctx.client, {
    action,
    outcome: 'refused',
    subjectUserId: user.id,
    detail: { ...detail, reason: 'locked' },
  })
  throw new ApiError(ErrorCode.accountLocked)
}

/**
 * Refuses a sign-in step for an account staff disabled: 808, whatever the password or code, like
 * the permanent lock (802), and audited as a refusal that counts toward nothing.
 */
export async function assertNotDisabled(
  ctx: UseCaseContext,
  user: UserRow,
  action: AuditAction,
  detail: Record<string, unknown> = {},
): Promise<void> {
  if (!user.disabledAt) return
  await recordAudit(ctx.db, ctx.client, {
    action,
    outcome: 'refused',
    subjectUserId: user.id,
    detail: { ...detail, reason: 'disabled' },
  })
  throw new ApiError(ErrorCode.accountDisabled)
}
