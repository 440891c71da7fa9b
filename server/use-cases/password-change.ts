import { ErrorCode } from '../../schema/errors'
import type { PasswordChangeBody } from '../../schema/password'
import type { UserRow } from '../db/schema/users'
import { passwords } from '../domain/passwords'
import { ApiError } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { retireResetTokens } from '../repos/reset-tokens'
import { deleteOtherSessions } from '../repos/sessions'
import type { UseCaseContext } from './context'
import { recheckPassword } from './recheck'
import { newPasswordRefusal, storeNewPassword } from './new-password'

async function refuse(ctx: UseCaseContext, user: UserRow, code: ErrorCode, message?: string) {
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.passwordChanged,
    outcome: 'failure',
    actorUserId: user.id,
    subjectUserId: user.id,
    detail: { code },
  })
  return new ApiError(code, message)
}

/**
 * A user changes their own password: the old one must be right (805; a re-check that counts like a
 * sign-in, use-cases/recheck.ts), the new one must meet the
 * policy (806) and differ from the last five (807). Success clears a forced change, restarts the
 * expiry clock, signs the user out of every other session and retires any reset link still out (it
 * was asked for a password that no longer exists).
 */
export async function changePassword(
  ctx: UseCaseContext,
  user: UserRow,
  sessionId: string,
  body: PasswordChangeBody,
): Promise<void> {
  await recheckPassword(ctx, user, body.oldPassword, {
    action: AuditAction.passwordChanged,
    actorUserId: user.id,
    detail: { code: ErrorCode.oldPasswordWrong },
  })
  const refusal = await newPasswordRefusal(ctx.db, user, body.password)
  if (refusal) throw await refuse(ctx, user, refusal.code, refusal.message)
  const passwordHash = await passwords.hash(body.password)
  const now = new Date()
  await ctx.db.transaction(async (tx) => {
    await storeNewPassword(tx, user.id, passwordHash, now)
    await deleteOtherSessions(tx, user.id, sessionId)
    await retireResetTokens(tx, user.id, now)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.passwordChanged,
      outcome: 'success',
      actorUserId: user.id,
      subjectUserId: user.id,
    })
  })
}
