import { ErrorCode } from '../../schema/errors'
import type { SecondStepBody } from '../../schema/auth'
import type { SecondFactorMethod } from '../../schema/factors'
import type { UserRow } from '../db/schema/users'
import { maskPhone } from '../domain/masking'
import { passwords } from '../domain/passwords'
import { AMR, FACTOR_NOTICES, MAX_SMS_PER_STEP } from '../domain/second-factors'
import { matchingRecoveryCode } from '../domain/recovery-codes'
import { newSecurityCode, SECURITY_CODE_TTL_MS, securityCodeText } from '../domain/security-codes'
import { acceptedTotpStep } from '../domain/totp'
import { ApiError, unprocessable } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { findUserById } from '../repos/users'
import { findAuthenticator, useAuthenticatorStep } from '../repos/authenticators'
import {
  consumeMfaRequest,
  countMfaFailure,
  findOpenMfaRequest,
  openMfaRequest,
  setMfaCode,
} from '../repos/mfa'
import {
  countUnusedRecoveryCodes,
  unusedRecoveryCodes,
  useRecoveryCode,
} from '../repos/recovery-codes'
import type { UseCaseContext } from './context'
import { assertNotThrottled } from './throttle'
import { openFactorSecret } from './factor-secrets'
import { takeGuess } from './guess'

/**
 * The second factors a password sign-in of `user` asks for, the one to ask first at the head: the
 * authenticator app, text-message codes (the "Use 2 Factor Auth" switch with a phone), and recovery
 * codes while the user has one of the others and codes left. Empty: the password is enough.
 */
export async function secondFactorMethods(
  ctx: UseCaseContext,
  user: UserRow,
): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = []
  if (user.authenticatorAt) methods.push('totp')
  if (user.use2fa && user.phone) methods.push('sms')
  if (methods.length && (await countUnusedRecoveryCodes(ctx.db, user.id)) > 0) {
    methods.push('recovery')
  }
  return methods
}

async function sendCode(ctx: UseCaseContext, user: UserRow, phone: string, requestId: string) {
  const code = newSecurityCode()
  const now = new Date()
  const set = await setMfaCode(ctx.db, requestId, await passwords.hash(code), now, MAX_SMS_PER_STEP)
  if (!set)
    throw unprocessable('No more text messages can be sent for this sign-in. Sign in again.')
  const messageId = await ctx.db.transaction(async (tx) => {
    const id = await ctx.outbox.enqueue(tx, {
      channel: 'sms',
      to: phone,
      text: securityCodeText(code),
    })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.codeSent,
      outcome: 'success',
      subjectUserId: user.id,
      detail: { mfaId: requestId },
    })
    return id
  })
  await ctx.outbox.deliverNow([messageId])
}

/**
 * Opens the second step of a sign-in whose password was right and answers its id (mfaId). When the
 * first method is the text message, its code is sent at once, as SPEC.md's step expects; the
 * authenticator app needs nothing sent. `purpose` 'enrolment': the ticket of an enrolment the
 * policy requires instead.
 */
export async function openSecondStep(
  ctx: UseCaseContext,
  user: UserRow,
  first: SecondFactorMethod | undefined,
  purpose: 'sign-in' | 'enrolment' = 'sign-in',
): Promise<string> {
  const now = new Date()
  const mfaId = await openMfaRequest(ctx.db, {
    userId: user.id,
    codeHash: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SECURITY_CODE_TTL_MS),
    purpose,
  })
  if (first === 'sms' && user.phone) await sendCode(ctx, user, user.phone, mfaId)
  return mfaId
}

/**
 * A text message for this second step (POST /v1/login/sms): "Use another method", or "Resend code"
 * for the same step (a new code; the one before stops working). MAX_SMS_PER_STEP per step, and the
 * address throttle (823) before that. Answers where it went, masked.
 */
export async function sendStepCode(
  ctx: UseCaseContext,
  body: SecondStepBody,
): Promise<{ destination: string }> {
  await assertNotThrottled(ctx, AuditAction.codeSent)
  const user = await findUserById(ctx.db, body.userId)
  const request = user && (await findOpenMfaRequest(ctx.db, user.id, new Date(), body.requestId))
  if (!user || !request || !user.use2fa || !user.phone) {
    throw unprocessable('No text message can be sent for this sign-in. Sign in again.')
  }
  await sendCode(ctx, user, user.phone, request.id)
  return { destination: maskPhone(user.phone) }
}

/**
 * Checks the second step's answer and uses the step up: the text message's code (argon2-hashed),
 * the authenticator app's (±1 step, each step once), or a recovery code (each once; the owner is
 * told by mail). A guess is taken first from the same counter as the password's
 * (use-cases/guess.ts), so wrong codes of every kind count toward the same lock; all answer 803.
 * Answers how the sign-in was made (amr).
 */
export async function acceptSecondFactor(
  ctx: UseCaseContext,
  user: UserRow,
  deviceId: string | undefined,
  answer: { method: SecondFactorMethod; code: string; requestId?: string },
): Promise<readonly string[]> {
  const guess = await takeGuess(ctx, { user, deviceId }, AuditAction.signInCode)
  const now = new Date()
  const request = await findOpenMfaRequest(ctx.db, user.id, now, answer.requestId)
  const right =
    (await rightAnswer(ctx, user, request, answer, now)) &&
    !!request &&
    (await consumeMfaRequest(ctx.db, request.id, now))
  if (!right) {
    throw await guess.wrong({
      action: AuditAction.signInCode,
      code: ErrorCode.incorrectCode,
      detail: { method: answer.method },
    })
  }
  await guess.right({ ended: true })
  return AMR[answer.method]
}

type OpenStep = Awaited<ReturnType<typeof findOpenMfaRequest>>

/** Whether the answer is right for its method; a right one is used up (a code step, a recovery code). */
async function rightAnswer(
  ctx: UseCaseContext,
  user: UserRow,
  request: OpenStep,
  answer: { method: SecondFactorMethod; code: string },
  now: Date,
): Promise<boolean> {
  if (answer.method === 'sms') {
    const right = await passwords.verifyOrDummy(request?.codeHash ?? undefined, answer.code)
    if (request?.codeHash && !right) {
      await countMfaFailure(ctx.db, request.id, request.failedAttempts + 1)
    }
    return right
  }
  if (answer.method === 'totp') {
    const authenticator = await findAuthenticator(ctx.db, user.id)
    if (!authenticator || !request) return false
    const secret = await openFactorSecret(ctx.db, authenticator.secret)
    const step = acceptedTotpStep(secret, answer.code, now, authenticator.lastStep)
    return step !== undefined && (await useAuthenticatorStep(ctx.db, authenticator.id, step, now))
  }
  return !!request && (await useRecovery(ctx, user, answer.code, now))
}

/** Uses one of the user's recovery codes, if `code` is one; audited, and the owner is told. */
async function useRecovery(ctx: UseCaseContext, user: UserRow, code: string, now: Date) {
  const codes = await unusedRecoveryCodes(ctx.db, user.id)
  const index = matchingRecoveryCode(
    code,
    codes.map((c) => c.codeHash),
  )
  const match = codes[index]
  if (!match || !(await useRecoveryCode(ctx.db, match.id, now))) return false
  const left = codes.length - 1
  const messageId = await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, ctx.client, {
      action: AuditAction.recoveryCodeUsed,
      outcome: 'success',
      actorUserId: user.id,
      subjectUserId: user.id,
      detail: { left },
    })
    return ctx.outbox.enqueue(tx, {
      channel: 'email',
      to: user.email,
      ...FACTOR_NOTICES.recoveryUsed(left),
    })
  })
  await ctx.outbox.deliverNow([messageId])
  return true
}

/** The step of an enrolment the policy requires (POST /v1/login/enrolment…), or 803. */
export async function openEnrolmentStep(ctx: UseCaseContext, user: UserRow, requestId: string) {
  const request = await findOpenMfaRequest(ctx.db, user.id, new Date(), requestId, 'enrolment')
  if (!request)
    throw new ApiError(ErrorCode.incorrectCode, 'This sign-in has expired. Sign in again.')
  return request
}
