import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { type LockDecision, lockDecision, UNLOCK_NOTICE } from '../domain/lockout'
import { ApiError } from '../errors'
import { AuditAction, type AuditAction as Action, recordAudit } from '../repos/audit'
import { countFailedAttempt, updateUser } from '../repos/users'
import type { UseCaseContext } from './context'
import { temporarilyLocked } from './account-lock'
import { addressThrottled } from './throttle'

/** Applies a temporary or permanent lock in the caller's transaction; answers a message to send. */
async function applyLock(
  tx: Db,
  ctx: UseCaseContext,
  user: UserRow,
  decision: Exclude<LockDecision, { kind: 'none' }>,
  failedAttempts: number,
): Promise<string | undefined> {
  if (decision.kind === 'temporary') {
    // The count starts again, so the next lock needs LOCKOUT_THRESHOLD new failures.
    await updateUser(tx, user.id, {
      lockedUntil: decision.until,
      lockoutCount: decision.lockouts,
      failedAttempts: 0,
    })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.temporaryLockout,
      outcome: 'success',
      subjectUserId: user.id,
      detail: { failedAttempts, lockouts: decision.lockouts, until: decision.until.toISOString() },
    })
    return undefined
  }
  await updateUser(tx, user.id, { lockedAt: new Date(), lockedUntil: null })
  await recordAudit(tx, ctx.client, {
    action: AuditAction.lockout,
    outcome: 'success',
    subjectUserId: user.id,
    detail: { failedAttempts, lockouts: user.lockoutCount },
  })
  return ctx.outbox.enqueue(tx, { channel: 'email', to: user.email, ...UNLOCK_NOTICE })
}

/**
 * Counts a failed step (wrong password or code) against the account and answers the refusal to
 * throw: `code` below the threshold, 823 with Retry-After when this failure starts a temporary
 * lock, 802 when it starts the permanent one (docs/server-security.md). The count is incremented
 * in SQL, and the row stays locked until commit, so parallel guesses are counted one by one.
 * A failure from an address that is already throttled is audited but not counted: an address
 * that reached THROTTLE_MAX_FAILURES adds nothing more to any account's count.
 */
export async function failSignIn(
  ctx: UseCaseContext,
  user: UserRow,
  action: Action,
  code: typeof ErrorCode.incorrectLogin | typeof ErrorCode.incorrectCode,
): Promise<ApiError> {
  if (await addressThrottled(ctx)) {
    await recordAudit(ctx.db, ctx.client, {
      action,
      outcome: 'failure',
      subjectUserId: user.id,
      detail: { counted: false, reason: 'address throttled' },
    })
    return new ApiError(code)
  }
  const now = new Date()
  const rule = {
    threshold: ctx.config.lockoutThreshold,
    waitMinutes: ctx.config.lockoutWaitMinutes,
    permanentAfter: ctx.config.lockoutPermanentAfter,
  }
  const { decision, messageId } = await ctx.db.transaction(async (tx) => {
    const counted = await countFailedAttempt(tx, user.id)
    await recordAudit(tx, ctx.client, {
      action,
      outcome: 'failure',
      subjectUserId: user.id,
      detail: { failedAttempts: counted?.failedAttempts },
    })
    if (!counted) return { decision: { kind: 'none' } as const }
    // Another request's failure may have locked the account for good since this one read it.
    if (counted.lockedAt) return { decision: { kind: 'permanent' } as const }
    const decision = lockDecision(counted.failedAttempts, counted.lockoutCount, now, rule)
    if (decision.kind === 'none') return { decision }
    return {
      decision,
      messageId: await applyLock(tx, ctx, counted, decision, counted.failedAttempts),
    }
  })
  if (messageId) await ctx.outbox.deliverNow([messageId])
  if (decision.kind === 'temporary') return temporarilyLocked(decision.until, now)
  if (decision.kind === 'permanent') return new ApiError(ErrorCode.accountLocked)
  return new ApiError(code)
}
