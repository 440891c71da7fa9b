import { ErrorCode } from '../../schema/errors'
import type {
  AuthenticatorConfirmBody,
  AuthenticatorSetupResults,
  OwnFactorsResults,
} from '../../schema/factors'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { hashRecoveryCode, newRecoveryCodes } from '../domain/recovery-codes'
import { AMR, FACTOR_NOTICES } from '../domain/second-factors'
import { SECURITY_CODE_TTL_MS } from '../domain/security-codes'
import { acceptedTotpStep, newTotpSecret, totpUri } from '../domain/totp'
import { ApiError, unprocessable } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  confirmSetup,
  deleteAuthenticators,
  findAuthenticator,
  findSetup,
  insertSetup,
} from '../repos/authenticators'
import { mfaPolicyOf } from '../repos/mfa-policies'
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  replaceRecoveryCodes,
} from '../repos/recovery-codes'
import { addSessionAmr } from '../repos/sessions'
import { findUserById } from '../repos/users'
import type { UseCaseContext } from './context'
import { openFactorSecret, sealFactorSecret } from './factor-secrets'
import { enrolmentGrace, hasSecondFactor } from './mfa-policy'
import { recheckForChange } from './recheck'
import { takeAddressSlot } from './throttle'

/** A setup waits this long for its first code. */
const SETUP_TTL_MS = SECURITY_CODE_TTL_MS

const wrongCode = () => new ApiError(ErrorCode.incorrectCode, 'The code is not right. Try again.')

/** GET /v1/factors: the signed-in user's factors and what the policy asks of them. */
export async function ownFactors(ctx: UseCaseContext, user: UserRow): Promise<OwnFactorsResults> {
  const authenticator = user.authenticatorAt ? await findAuthenticator(ctx.db, user.id) : undefined
  const policy = await mfaPolicyOf(ctx.db, user.type)
  const grace = await enrolmentGrace(ctx, user)
  return {
    authenticator: authenticator?.confirmedAt
      ? {
          enrolledAt: authenticator.confirmedAt.toISOString(),
          lastUsedAt: authenticator.lastUsedAt?.toISOString() ?? null,
        }
      : null,
    sms: user.use2fa && user.phone !== null,
    recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, user.id),
    passkeys: user.passkeyCount,
    policy: { mode: policy.mode, graceUntil: grace?.toISOString() ?? null },
  }
}

/**
 * A new authenticator secret for `user`, waiting for its first code: the secret and the
 * `otpauth://` URI its QR code carries are answered this once. The caller has checked who asks
 * (the password again on the Profile; the sign-in's enrolment ticket).
 */
export async function beginAuthenticatorSetup(
  ctx: UseCaseContext,
  user: UserRow,
): Promise<AuthenticatorSetupResults> {
  const secret = newTotpSecret()
  const setupId = await insertSetup(ctx.db, {
    userId: user.id,
    secret: await sealFactorSecret(ctx.db, secret),
    now: new Date(),
  })
  return { setupId, secret, uri: totpUri(secret, user.email) }
}

/** POST /v1/factors/authenticator: the password again, then a setup. */
export async function startAuthenticatorSetup(
  ctx: UseCaseContext,
  user: UserRow,
  password: string,
): Promise<AuthenticatorSetupResults> {
  await recheckForChange(ctx, user, password, 'authenticator app')
  // 'off': staff decided this type of account gets no new factors (those it has keep working).
  if ((await mfaPolicyOf(ctx.db, user.type)).mode === 'off') {
    throw unprocessable('Second factors are turned off for your type of account.')
  }
  return beginAuthenticatorSetup(ctx, user)
}

/**
 * Ends a setup with a valid code (±1 step): it becomes the user's authenticator app (replacing
 * one enrolled before), audited, the owner told. A user who had no recovery codes gets ten, shown
 * this once; one who had some keeps them. Wrong codes take the address throttle's slots, as
 * sign-in guesses do. Answers the recovery codes (empty when the user kept theirs).
 */
export async function confirmAuthenticator(
  ctx: UseCaseContext,
  user: UserRow,
  body: AuthenticatorConfirmBody,
): Promise<string[]> {
  const giveBack = await takeAddressSlot(ctx, AuditAction.factorEnrolled, {
    subjectUserId: user.id,
  })
  const now = new Date()
  const setup = await findSetup(
    ctx.db,
    body.setupId,
    user.id,
    new Date(now.getTime() - SETUP_TTL_MS),
  )
  const step = setup
    ? acceptedTotpStep(await openFactorSecret(ctx.db, setup.secret), body.code, now, 0)
    : undefined
  if (!setup || step === undefined) {
    await recordAudit(ctx.db, ctx.client, {
      action: AuditAction.factorEnrolled,
      outcome: 'failure',
      actorUserId: user.id,
      subjectUserId: user.id,
      detail: { factor: 'authenticator', reason: setup ? 'wrong code' : 'setup expired' },
    })
    throw setup ? wrongCode() : unprocessable('This setup has expired. Start again.')
  }
  await giveBack()
  const { codes, messageId } = await ctx.db.transaction(async (tx) => {
    if (!(await confirmSetup(tx, setup, step, now)))
      throw unprocessable('This setup was already used.')
    const codes = (await countUnusedRecoveryCodes(tx, user.id)) > 0 ? [] : newRecoveryCodes()
    if (codes.length) await replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode), now)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.factorEnrolled,
      outcome: 'success',
      actorUserId: user.id,
      subjectUserId: user.id,
      detail: { factor: 'authenticator', recoveryCodes: codes.length },
    })
    if (ctx.priorSessionId) await addSessionAmr(tx, ctx.priorSessionId, AMR.totp)
    const messageId = await ctx.outbox.enqueue(tx, {
      channel: 'email',
      to: user.email,
      ...FACTOR_NOTICES.enrolled,
    })
    return { codes, messageId }
  })
  await ctx.outbox.deliverNow([messageId])
  return codes
}

/** Recovery codes go when no factor they stand in for is left. */
async function dropOrphanedCodes(db: Db, userId: string) {
  const user = await findUserById(db, userId)
  if (user && !hasSecondFactor(user)) await deleteRecoveryCodes(db, userId)
}

/**
 * POST /v1/factors/authenticator/remove: the password again. Refused (422) when the policy
 * requires a second factor and this is the user's only one.
 */
export async function removeAuthenticator(
  ctx: UseCaseContext,
  user: UserRow,
  password: string,
): Promise<void> {
  await recheckForChange(ctx, user, password, 'authenticator app')
  if (!user.authenticatorAt) throw unprocessable('There is no authenticator app to remove.')
  const policy = await mfaPolicyOf(ctx.db, user.type)
  if (policy.mode === 'required' && !(user.use2fa && user.phone)) {
    throw unprocessable(
      'Your organisation requires a second factor: turn on text-message codes before removing the authenticator app.',
    )
  }
  const messageId = await ctx.db.transaction(async (tx) => {
    await deleteAuthenticators(tx, user.id)
    await dropOrphanedCodes(tx, user.id)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.factorRemoved,
      outcome: 'success',
      actorUserId: user.id,
      subjectUserId: user.id,
      detail: { factor: 'authenticator' },
    })
    return ctx.outbox.enqueue(tx, { channel: 'email', to: user.email, ...FACTOR_NOTICES.removed })
  })
  await ctx.outbox.deliverNow([messageId])
}

/**
 * POST /v1/factors/recovery-codes: the password again, then ten new codes replace every old one;
 * shown this once. Only a user with a second factor has codes.
 */
export async function regenerateRecoveryCodes(
  ctx: UseCaseContext,
  user: UserRow,
  password: string,
): Promise<string[]> {
  await recheckForChange(ctx, user, password, 'recovery codes')
  if (!hasSecondFactor(user)) {
    throw unprocessable('Set up an authenticator app or text-message codes first.')
  }
  const codes = newRecoveryCodes()
  await ctx.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode), new Date())
    await recordAudit(tx, ctx.client, {
      action: AuditAction.recoveryCodesCreated,
      outcome: 'success',
      actorUserId: user.id,
      subjectUserId: user.id,
      detail: { count: codes.length },
    })
  })
  return codes
}

/** The text-message switch was turned off: recovery codes go if no factor is left. */
export { dropOrphanedCodes }
