import type { AuthenticatorSetupResults } from '../../schema/factors'
import type { EnrolmentConfirmBody, SecondStepBody } from '../../schema/auth'
import { ErrorCode } from '../../schema/errors'
import { AMR } from '../domain/second-factors'
import { ApiError } from '../errors'
import { AuditAction } from '../repos/audit'
import { consumeMfaRequest } from '../repos/mfa'
import { findUserById } from '../repos/users'
import { assertNotDisabled, assertNotLocked } from './account-lock'
import { beginAuthenticatorSetup, confirmAuthenticator } from './authenticator'
import type { UseCaseContext } from './context'
import { knownDeviceOf } from './known-device'
import { openSession, type OpenedSession } from './open-session'
import { openEnrolmentStep } from './security-code'
import { assertNotThrottled } from './throttle'

const expired = () =>
  new ApiError(ErrorCode.incorrectCode, 'This sign-in has expired. Sign in again.')

async function ticketHolder(ctx: UseCaseContext, body: SecondStepBody) {
  await assertNotThrottled(ctx, AuditAction.factorEnrolled)
  const user = await findUserById(ctx.db, body.userId)
  if (!user) throw expired()
  await assertNotLocked(ctx, user, AuditAction.signIn)
  await assertNotDisabled(ctx, user, AuditAction.signIn)
  const step = await openEnrolmentStep(ctx, user, body.requestId)
  return { user, step }
}

/**
 * POST /v1/login/enrolment: the policy requires a second factor the account lacks and its grace
 * is over, so the sign-in whose password was right (its ticket, `requestId`) sets up an
 * authenticator app before any session opens.
 */
export async function beginSignInEnrolment(
  ctx: UseCaseContext,
  body: SecondStepBody,
): Promise<AuthenticatorSetupResults> {
  const { user } = await ticketHolder(ctx, body)
  return beginAuthenticatorSetup(ctx, user)
}

/** POST /v1/login/enrolment/confirm: a valid code enrols the app, and the session opens. */
export async function confirmSignInEnrolment(
  ctx: UseCaseContext,
  body: EnrolmentConfirmBody,
): Promise<{ session: OpenedSession; recoveryCodes: string[] }> {
  const { user, step } = await ticketHolder(ctx, body)
  const recoveryCodes = await confirmAuthenticator({ ...ctx, priorSessionId: undefined }, user, {
    setupId: body.setupId,
    code: body.code,
  })
  if (!(await consumeMfaRequest(ctx.db, step.id, new Date()))) throw expired()
  const deviceId = await knownDeviceOf(ctx, user.id)
  const session = await openSession(ctx, user, AuditAction.signInCode, {
    deviceId,
    amr: AMR.totp,
    detail: { method: 'totp', enrolled: true },
  })
  return { session, recoveryCodes }
}
