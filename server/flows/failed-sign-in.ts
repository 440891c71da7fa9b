import { and, eq, isNull, sql } from 'drizzle-orm'
import { ErrorCode } from '../../schema/errors'
import { users, type UserRow } from '../db/schema/users'
import { reachesLockout, UNLOCK_NOTICE } from '../domain/lockout'
import { ApiError } from '../errors'
import { AuditAction, type AuditAction as Action, recordAudit } from '../repos/audit'
import type { FlowContext } from './context'

/**
 * Counts a failed step (wrong password or code) against the account and answers the refusal to
 * throw: 802 when this failure reaches the lockout threshold, otherwise `code`. The count is
 * incremented in SQL so that parallel guesses cannot slip past the threshold.
 */
export async function failSignIn(
  ctx: FlowContext,
  user: UserRow,
  action: Action,
  code: typeof ErrorCode.incorrectLogin | typeof ErrorCode.incorrectCode,
): Promise<ApiError> {
  const queued: string[] = []
  const locked = await ctx.db.transaction(async (tx) => {
    const [counted] = await tx
      .update(users)
      .set({ failedAttempts: sql`${users.failedAttempts} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedAttempts: users.failedAttempts })
    await recordAudit(tx, ctx.client, {
      action,
      outcome: 'failure',
      subjectUserId: user.id,
      detail: { failedAttempts: counted?.failedAttempts },
    })
    if (!counted || !reachesLockout(counted.failedAttempts, ctx.config.lockoutThreshold))
      return false
    const now = new Date()
    const newlyLocked = await tx
      .update(users)
      .set({ lockedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.lockedAt)))
      .returning({ id: users.id })
    if (newlyLocked.length > 0) {
      await recordAudit(tx, ctx.client, {
        action: AuditAction.lockout,
        outcome: 'success',
        subjectUserId: user.id,
        detail: { failedAttempts: counted.failedAttempts },
      })
      queued.push(
        await ctx.outbox.enqueue(tx, { channel: 'email', to: user.email, ...UNLOCK_NOTICE }),
      )
    }
    return true
  })
  if (queued.length > 0) await ctx.outbox.deliverNow(queued)
  return locked ? new ApiError(ErrorCode.accountLocked) : new ApiError(code)
}
