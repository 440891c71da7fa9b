import { ErrorCode } from '../../schema/errors'
import type { PasswordResetBody } from '../../schema/reset'
import { isEmail, normalizeUsername } from '../../schema/rules'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { type ResetReason, resetLink, resetMail, resetTokenTtlMs } from '../domain/password-reset'
import { passwords } from '../domain/passwords'
import { hashToken, newToken } from '../domain/tokens'
import { ApiError, unprocessable } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  consumeResetToken,
  findValidResetToken,
  insertResetToken,
  retireResetTokens,
} from '../repos/reset-tokens'
import { revokeUserSessions } from '../repos/sessions'
import { findUserById, findUserByUsername } from '../repos/users'
import type { UseCaseContext } from './context'
import { newPasswordRefusal, storeNewPassword } from './new-password'
import { assertResetNotThrottled } from './reset-throttle'

/**
 * What an unlock and a completed reset clear on the account's row: the permanent lock and the
 * temporary one shown there; the counters go with clearAccountCounters.
 */
export const UNLOCKED = { lockedAt: null, lockedUntil: null }

/** 804 travels as 404: the link names nothing that can be used. */
const linkExpired = () => new ApiError(ErrorCode.resetLinkInvalid, undefined, 404)

/**
 * Stores a new reset token for the user (earlier links stop working) and queues the email with its
 * link, in the caller's transaction; answers the message id to deliver once that commits. The
 * administrator's unlock sends its link through here too.
 */
export async function queueResetLink(
  tx: Db,
  ctx: Pick<UseCaseContext, 'config' | 'outbox'>,
  user: Pick<UserRow, 'id' | 'email'>,
  now = new Date(),
  reason: ResetReason = 'requested',
): Promise<string> {
  const { token, hash } = newToken()
  const expiresAt = new Date(now.getTime() + resetTokenTtlMs(reason))
  await insertResetToken(tx, {
    userId: user.id,
    tokenHash: hash,
    reason,
    createdAt: now,
    expiresAt,
  })
  const mail = resetMail(resetLink(ctx.config.publicUrl, token), reason)
  return ctx.outbox.enqueue(tx, { channel: 'email', to: user.email, ...mail })
}

/**
 * POST /v1/passwordReset/:email. The answer is the same whether or not the address has an account:
 * only an account without the permanent lock gets a link (a locked one gets it when an administrator
 * unlocks it); a temporary lock does not stop the owner from choosing a new password.
 * Before answering, every address costs the same (the throttle, the lookup, one audit row); the
 * link is stored and the mail queued and sent after the answer, so a known address does not answer
 * measurably later than an unknown one (`npm run bench:timing`).
 */
export async function requestPasswordReset(ctx: UseCaseContext, rawEmail: string): Promise<void> {
  const email = normalizeUsername(rawEmail)
  if (!isEmail(email)) {
    throw new ApiError(ErrorCode.validation, 'email must be a valid email address.')
  }
  await assertResetNotThrottled(ctx, AuditAction.passwordResetRequested, email)
  const user = await findUserByUsername(ctx.db, { email })
  const result = !user ? 'unknown address' : user.lockedAt ? 'locked' : 'sent'
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.passwordResetRequested,
    outcome: 'success',
    subjectUserId: user?.id ?? null,
    detail: { email, result },
  })
  if (user && result === 'sent') ctx.outbox.afterAnswer((tx) => queueResetLink(tx, ctx, user))
}

async function refuseLink(ctx: UseCaseContext, step: 'lookup' | 'reset') {
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.passwordResetLink,
    outcome: 'failure',
    detail: { step },
  })
  return linkExpired()
}

/**
 * GET /v1/resettoken/:slug: the address of a usable link, and whether it is an invitation (the
 * console then welcomes the new user); anything else is 804.
 */
export async function checkResetLink(
  ctx: UseCaseContext,
  slug: string,
): Promise<{ email: string; invitation: boolean }> {
  await assertResetNotThrottled(ctx, AuditAction.passwordResetLink)
  const found = await findValidResetToken(ctx.db, hashToken(slug), new Date())
  if (!found) throw await refuseLink(ctx, 'lookup')
  return { email: found.email, invitation: found.reason === 'invited' }
}

async function refuseReset(ctx: UseCaseContext, user: UserRow, error: ApiError) {
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.passwordReset,
    outcome: 'failure',
    subjectUserId: user.id,
    detail: { code: error.code },
  })
  return error
}

/**
 * PUT /v1/passwordreset/:slug. The link must be usable (804), the username must be the address on
 * file (422), the password must meet the policy (806) and not repeat the last five (807). Success
 * sets it, unlocks the account, uses up every link of the user and ends all the user's sessions, in
 * one transaction; the token is taken with a conditional update, so two resets cannot both win.
 */
export async function resetPassword(
  ctx: UseCaseContext,
  slug: string,
  body: PasswordResetBody,
): Promise<void> {
  await assertResetNotThrottled(ctx, AuditAction.passwordReset)
  const found = await findValidResetToken(ctx.db, hashToken(slug), new Date())
  const user = found && (await findUserById(ctx.db, found.userId))
  if (!found || !user) throw await refuseLink(ctx, 'reset')
  if (normalizeUsername(body.username) !== user.email) {
    throw await refuseReset(ctx, user, unprocessable('Does not match email address on file'))
  }
  const refusal = await newPasswordRefusal(ctx.db, user, body.password)
  if (refusal) throw await refuseReset(ctx, user, refusal)
  const passwordHash = await passwords.hash(body.password)
  const now = new Date()
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await consumeResetToken(tx, found.id, now))) return false
    await retireResetTokens(tx, user.id, now)
    await storeNewPassword(tx, user.id, passwordHash, now, { unlock: true })
    const ended = await revokeUserSessions(tx, user.id)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.passwordReset,
      outcome: 'success',
      actorUserId: user.id,
      subjectUserId: user.id,
      detail: { sessionsEnded: ended.length, unlocked: user.lockedAt !== null },
    })
    return true
  })
  if (!done) throw await refuseLink(ctx, 'reset')
}
