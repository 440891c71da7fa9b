import { ErrorCode } from '../../schema/errors'
import type { LoginBody, VerifyBody } from '../../schema/auth'
import { parseUsername } from '../../schema/rules'
import { passwords } from '../domain/passwords'
import { ApiError } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { findUserById, findUserByUsername } from '../repos/users'
import { assertNotDisabled, assertNotLocked } from './account-lock'
import type { UseCaseContext } from './context'
import { failSignIn } from './failed-sign-in'
import { openSession, type OpenedSession } from './open-session'
import { acceptSecurityCode, sendSecurityCode } from './security-code'
import { assertNotThrottled } from './throttle'
import { failUnknownUser } from './unknown-sign-in'

export type SignInOutcome =
  { kind: 'session'; session: OpenedSession } | { kind: 'code-sent'; userId: string; mfaId: string }

/**
 * The password step (POST /v1/login). A locked account answers 802 (permanent) or 823 (for a
 * while) whatever the password, so the answer never tells a guesser that a guess was right; a
 * disabled one answers 808 the same way.
 */
export async function signIn(ctx: UseCaseContext, body: LoginBody): Promise<SignInOutcome> {
  await assertNotThrottled(ctx, AuditAction.signIn)
  const username = parseUsername(body.username)
  const user = username ? await findUserByUsername(ctx.db, username) : undefined
  const right = await passwords.verifyOrDummy(user?.passwordHash, body.password)
  if (!user) throw await failUnknownUser(ctx, body.username)
  await assertNotLocked(ctx, user, AuditAction.signIn)
  await assertNotDisabled(ctx, user, AuditAction.signIn)
  if (!right) throw await failSignIn(ctx, user, AuditAction.signIn, ErrorCode.incorrectLogin)
  if (!user.use2fa || !user.phone) {
    return { kind: 'session', session: await openSession(ctx, user, AuditAction.signIn) }
  }
  if (body.code === undefined) {
    const mfaId = await sendSecurityCode(ctx, { ...user, phone: user.phone })
    return { kind: 'code-sent', userId: user.id, mfaId }
  }
  await acceptSecurityCode(ctx, user, body.code)
  return { kind: 'session', session: await openSession(ctx, user, AuditAction.signInCode) }
}

/** The code step (POST /v1/login/verify). */
export async function verifySignIn(ctx: UseCaseContext, body: VerifyBody): Promise<OpenedSession> {
  await assertNotThrottled(ctx, AuditAction.signInCode)
  const user = await findUserById(ctx.db, body.userId)
  if (!user) {
    await passwords.verifyOrDummy(undefined, body.accessCode)
    await recordAudit(ctx.db, ctx.client, {
      action: AuditAction.signInCode,
      outcome: 'failure',
      detail: { reason: 'unknown user' },
    })
    throw new ApiError(ErrorCode.incorrectCode)
  }
  await assertNotLocked(ctx, user, AuditAction.signInCode)
  await assertNotDisabled(ctx, user, AuditAction.signInCode)
  await acceptSecurityCode(ctx, user, body.accessCode, body.requestId)
  return openSession(ctx, user, AuditAction.signInCode)
}
