import { ErrorCode } from '../../schema/errors'
import type { LoginBody, VerifyBody } from '../../schema/auth'
import { normalizeUsername, parseUsername } from '../../schema/rules'
import { passwords } from '../domain/passwords'
import { AuditAction } from '../repos/audit'
import { findUserById, findUserByUsername } from '../repos/users'
import { assertNotDisabled, assertNotLocked } from './account-lock'
import type { UseCaseContext } from './context'
import { takeGuess } from './guess'
import { knownDeviceOf } from './known-device'
import { openSession, type OpenedSession } from './open-session'
import { acceptSecurityCode, sendSecurityCode } from './security-code'

export type SignInOutcome =
  { kind: 'session'; session: OpenedSession } | { kind: 'code-sent'; userId: string; mfaId: string }

/**
 * The password step (POST /v1/login). A guess is taken before the password is checked
 * (use-cases/guess.ts), from the browser's known device of the account or from its unknown
 * devices, so a stranger's burst is refused after LOCKOUT_THRESHOLD checks and never reaches the
 * owner's own browsers. A username with no account takes the very same steps, so the answer tells
 * nothing of who has one. An account locked for good answers 802, a disabled one 808, whatever
 * the password, so the answer never tells a guesser that a guess was right.
 */
export async function signIn(ctx: UseCaseContext, body: LoginBody): Promise<SignInOutcome> {
  const username = parseUsername(body.username)
  const user = username ? await findUserByUsername(ctx.db, username) : undefined
  if (user) await assertNotLocked(ctx, user, AuditAction.signIn)
  const deviceId = user ? await knownDeviceOf(ctx, user.id) : undefined
  const guess = await takeGuess(
    ctx,
    { user, deviceId, username: normalizeUsername(body.username).slice(0, 254) },
    AuditAction.signIn,
  )
  const right = await passwords.verifyOrDummy(user?.passwordHash, body.password)
  if (user?.disabledAt) {
    await guess.giveBack()
    await assertNotDisabled(ctx, user, AuditAction.signIn)
  }
  if (!user || !right) {
    throw await guess.wrong({
      action: AuditAction.signIn,
      code: ErrorCode.incorrectLogin,
      detail: user ? {} : { reason: 'unknown user' },
    })
  }
  if (!user.use2fa || !user.phone) {
    await guess.right({ ended: true })
    const session = await openSession(ctx, user, AuditAction.signIn, { deviceId })
    return { kind: 'session', session }
  }
  // The password was right, but the run of failures goes on until the code is.
  await guess.right({ ended: false })
  if (body.code === undefined) {
    const mfaId = await sendSecurityCode(ctx, { ...user, phone: user.phone })
    return { kind: 'code-sent', userId: user.id, mfaId }
  }
  await acceptSecurityCode(ctx, user, deviceId, body.code)
  const session = await openSession(ctx, user, AuditAction.signInCode, { deviceId })
  return { kind: 'session', session }
}

/** The code step (POST /v1/login/verify); its wrong codes count like wrong passwords. */
export async function verifySignIn(ctx: UseCaseContext, body: VerifyBody): Promise<OpenedSession> {
  const user = await findUserById(ctx.db, body.userId)
  if (!user) {
    const guess = await takeGuess(ctx, { username: `id:${body.userId}` }, AuditAction.signInCode)
    await passwords.verifyOrDummy(undefined, body.accessCode)
    throw await guess.wrong({
      action: AuditAction.signInCode,
      code: ErrorCode.incorrectCode,
      detail: { reason: 'unknown user' },
    })
  }
  await assertNotLocked(ctx, user, AuditAction.signInCode)
  await assertNotDisabled(ctx, user, AuditAction.signInCode)
  const deviceId = await knownDeviceOf(ctx, user.id)
  await acceptSecurityCode(ctx, user, deviceId, body.accessCode, body.requestId)
  return openSession(ctx, user, AuditAction.signInCode, { deviceId })
}
