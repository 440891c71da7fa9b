import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import {
  confirmEmailMail,
  EMAIL_VERIFICATION_TTL_MS,
  emailChangeNoticeMail,
  emailVerificationLink,
} from '../domain/email-verification'
import { hashToken, newToken } from '../domain/tokens'
import { ApiError, conflict } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { consumeEmailVerification, insertEmailVerification } from '../repos/email-verifications'
import { isTaken, lockUsers, updateUser } from '../repos/users'
import type { UseCaseContext } from './context'
import { assertResetNotThrottled } from './reset-throttle'
import { isUniqueViolation } from './unique-violation'

const TAKEN = 'That email address is already used by another account.'

/**
 * Staff gave `target` a new address: it waits in pendingEmail, a link (24 hours, once) goes to it
 * and a notice to the current address. Giving the current address back withdraws a pending one.
 */
export async function requestEmailChange(
  ctx: UseCaseContext,
  actor: UserRow,
  target: UserRow,
  email: string,
): Promise<UserRow> {
  const now = new Date()
  const pendingEmail = email === target.email ? null : email
  const { row, messages } = await ctx.db.transaction(async (tx) => {
    const row = (await updateUser(tx, target.id, { pendingEmail })) ?? target
    const messages: string[] = []
    const { token, hash } = newToken()
    if (pendingEmail) {
      await insertEmailVerification(tx, {
        userId: target.id,
        email: pendingEmail,
        tokenHash: hash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
      })
      const link = emailVerificationLink(ctx.config.publicUrl, token)
      messages.push(
        await ctx.outbox.enqueue(tx, {
          channel: 'email',
          to: pendingEmail,
          ...confirmEmailMail(link, pendingEmail),
        }),
        await ctx.outbox.enqueue(tx, {
          channel: 'email',
          to: target.email,
          ...emailChangeNoticeMail(target.email, pendingEmail),
        }),
      )
    }
    await recordAudit(tx, ctx.client, {
      action: AuditAction.userEmailPending,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: target.id,
      detail: {
        field: 'email address',
        changes: { pendingEmail: { before: target.pendingEmail, after: pendingEmail } },
      },
    })
    return { row, messages }
  })
  if (messages.length > 0) await ctx.outbox.deliverNow(messages)
  return row
}

const linkExpired = () =>
  new ApiError(ErrorCode.resetLinkInvalid, 'This link has expired or was already used.', 404)

/**
 * POST /v1/email-verification/:token (no sign-in): the owner of the new address confirms it, and
 * it becomes the account's. Bad links count toward the reset links' throttle per client address;
 * 409 when another account took the address meanwhile.
 */
export async function verifyEmail(ctx: UseCaseContext, token: string): Promise<{ email: string }> {
  await assertResetNotThrottled(ctx, AuditAction.userEmailVerified)
  const now = new Date()
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const found = await consumeEmailVerification(tx, hashToken(token), now)
      if (!found) return undefined
      if (await isTaken(tx, 'email', found.email, found.userId)) throw conflict(TAKEN)
      const before = (await lockUsers(tx, [found.userId])).get(found.userId)
      if (!before) return undefined
      const row = await updateUser(tx, found.userId, { email: found.email, pendingEmail: null })
      if (!row) return undefined
      await recordAudit(tx, ctx.client, {
        action: AuditAction.userEmailVerified,
        outcome: 'success',
        actorUserId: row.id,
        subjectUserId: row.id,
        detail: { changes: { email: { before: before.email, after: row.email } } },
      })
      return { email: row.email }
    })
    if (result) return result
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAKEN)
    throw error
  }
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.userEmailVerified,
    outcome: 'failure',
    detail: { reason: 'bad link' },
  })
  throw linkExpired()
}
