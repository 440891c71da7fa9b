import { ErrorCode } from '../../schema/errors'
import type { PasswordChangeBody } from '../../schema/password'
import type { UserRow } from '../db/schema/users'
import { PASSWORD_HISTORY_SIZE, policyRefusal } from '../domain/password-policy'
import { passwords } from '../domain/passwords'
import { ApiError } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { deleteOtherSessions } from '../repos/sessions'
import { recentPasswordHashes, rememberPassword, updateUser } from '../repos/users'
import type { FlowContext } from './context'

async function refuse(ctx: FlowContext, user: UserRow, code: ErrorCode, message?: string) {
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.passwordChanged,
    outcome: 'failure',
    actorUserId: user.id,
    subjectUserId: user.id,
    detail: { code },
  })
  return new ApiError(code, message)
}

async function isRecent(ctx: FlowContext, user: UserRow, password: string): Promise<boolean> {
  const recent = await recentPasswordHashes(ctx.db, user.id, PASSWORD_HISTORY_SIZE)
  const hashes = new Set([user.passwordHash, ...recent.map((row) => row.hash)])
  for (const hash of hashes) if (await passwords.verify(hash, password)) return true
  return false
}

/**
 * A user changes their own password: the old one must be right (805), the new one must meet the
 * policy (806) and differ from the last five (807). Success clears a forced change, restarts the
 * expiry clock and signs the user out of every other session.
 */
export async function changePassword(
  ctx: FlowContext,
  user: UserRow,
  sessionId: string,
  body: PasswordChangeBody,
): Promise<void> {
  if (!(await passwords.verify(user.passwordHash, body.oldPassword))) {
    throw await refuse(ctx, user, ErrorCode.oldPasswordWrong)
  }
  const broken = policyRefusal(body.password)
  if (broken) throw await refuse(ctx, user, ErrorCode.passwordPolicy, broken)
  if (await isRecent(ctx, user, body.password)) {
    throw await refuse(ctx, user, ErrorCode.passwordRecentlyUsed)
  }
  const passwordHash = await passwords.hash(body.password)
  const now = new Date()
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      passwordHash,
      passwordChangedAt: now,
      mustChangePassword: false,
    })
    await rememberPassword(tx, user.id, passwordHash, now, PASSWORD_HISTORY_SIZE)
    await deleteOtherSessions(tx, user.id, sessionId)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.passwordChanged,
      outcome: 'success',
      actorUserId: user.id,
      subjectUserId: user.id,
    })
  })
}
