import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import { passwords } from '../domain/passwords'
import { newSecurityCode, SECURITY_CODE_TTL_MS, securityCodeText } from '../domain/security-codes'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  consumeMfaRequest,
  countMfaFailure,
  findOpenMfaRequest,
  openMfaRequest,
} from '../repos/mfa'
import type { UseCaseContext } from './context'
import { takeGuess } from './guess'

/** Sends a new security code by SMS through the outbox and answers the request's id (mfaId). */
export async function sendSecurityCode(ctx: UseCaseContext, user: UserRow & { phone: string }) {
  const code = newSecurityCode()
  const codeHash = await passwords.hash(code)
  const now = new Date()
  const { mfaId, messageId } = await ctx.db.transaction(async (tx) => {
    const expiresAt = new Date(now.getTime() + SECURITY_CODE_TTL_MS)
    const mfaId = await openMfaRequest(tx, { userId: user.id, codeHash, createdAt: now, expiresAt })
    const messageId = await ctx.outbox.enqueue(tx, {
      channel: 'sms',
      to: user.phone,
      text: securityCodeText(code),
    })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.codeSent,
      outcome: 'success',
      subjectUserId: user.id,
      detail: { mfaId },
    })
    return { mfaId, messageId }
  })
  await ctx.outbox.deliverNow([messageId])
  return mfaId
}

/**
 * Checks a security code against the user's open request (that one request when `requestId` is
 * given, else the newest) and uses it up. A guess is taken first, from the same counter as the
 * password's (use-cases/guess.ts); wrong, expired, superseded and used codes all answer 803 and
 * count; a missing request still costs one hash verification.
 */
export async function acceptSecurityCode(
  ctx: UseCaseContext,
  user: UserRow,
  deviceId: string | undefined,
  code: string,
  requestId?: string,
): Promise<void> {
  const guess = await takeGuess(ctx, { user, deviceId }, AuditAction.signInCode)
  const now = new Date()
  const request = await findOpenMfaRequest(ctx.db, user.id, now, requestId)
  const right = await passwords.verifyOrDummy(request?.codeHash, code)
  if (request && right && (await consumeMfaRequest(ctx.db, request.id, now))) {
    return guess.right({ ended: true })
  }
  if (request && !right) await countMfaFailure(ctx.db, request.id, request.failedAttempts + 1)
  throw await guess.wrong({ action: AuditAction.signInCode, code: ErrorCode.incorrectCode })
}
