import { ErrorCode } from '../../schema/errors'
import type { SecondFactorMethod } from '../../schema/factors'
import type { LoginBody, VerifyBody } from '../../schema/auth'
import { normalizeUsername, parseUsername } from '../../schema/rules'
import { passwords } from '../domain/passwords'
import { maskPhone } from '../domain/masking'
import { AMR } from '../domain/second-factors'
import { AuditAction } from '../repos/audit'
import { findUserById, findUserByUsername } from '../repos/users'
import { assertNotDisabled, assertNotLocked } from './account-lock'
import type { UseCaseContext } from './context'
import { takeGuess } from './guess'
import { knownDeviceOf } from './known-device'
import { enrolmentGrace } from './mfa-policy'
import { openSession, type OpenedSession } from './open-session'
import { acceptSecondFactor, openSecondStep, secondFactorMethods } from './security-code'

export type SignInOutcome =
  | { kind: 'session'; session: OpenedSession }
  | {
      kind: 'second-step'
      userId: string
      mfaId: string
      methods: SecondFactorMethod[]
      /** The masked phone number text messages go to, when they are one of the methods. */
      destination?: string
    }
  | { kind: 'enrolment'; userId: string; mfaId: string }

/**
 * The password step (POST /v1/login). A guess is taken before the password is checked
 * (use-cases/guess.ts), from the browser's known device of the account or from its unknown
 * devices, so a stranger's burst is refused after LOCKOUT_THRESHOLD checks and never reaches the
 * owner's own browsers. A username with no account takes the very same steps, so the answer tells
 * nothing of who has one. An account locked for good answers 802, a disabled one 808, whatever
 * the password, so the answer never tells a guesser that a guess was right. A right password
 * opens the session, or the second step (docs/second-factors.md), or — when the policy requires
 * a factor the account lacks and its grace is over — the enrolment of one.
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
  const methods = await secondFactorMethods(ctx, user)
  const [first] = methods
  if (!first) {
    const grace = await enrolmentGrace(ctx, user)
    if (grace && grace.getTime() <= Date.now()) {
      await guess.right({ ended: false })
      return {
        kind: 'enrolment',
        userId: user.id,
        mfaId: await openSecondStep(ctx, user, undefined, 'enrolment'),
      }
    }
    await guess.right({ ended: true })
    const session = await openSession(ctx, user, AuditAction.signIn, {
      deviceId,
      amr: AMR.password,
    })
    return { kind: 'session', session }
  }
  // The password was right, but the run of failures goes on until the second factor is.
  await guess.right({ ended: false })
  if (body.code === undefined) {
    const mfaId = await openSecondStep(ctx, user, first)
    const destination = methods.includes('sms') && user.phone ? maskPhone(user.phone) : undefined
    return { kind: 'second-step', userId: user.id, mfaId, methods, destination }
  }
  const amr = await acceptSecondFactor(ctx, user, deviceId, { method: first, code: body.code })
  const session = await openSession(ctx, user, AuditAction.signInCode, { deviceId, amr })
  return { kind: 'session', session }
}

/**
 * The second step (POST /v1/login/verify): the authenticator app's code, a text message's, or a
 * recovery code. Wrong ones count like wrong passwords.
 */
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
  const method = body.method ?? (user.authenticatorAt ? 'totp' : 'sms')
  const amr = await acceptSecondFactor(ctx, user, deviceId, {
    method,
    code: body.accessCode,
    requestId: body.requestId,
  })
  return openSession(ctx, user, AuditAction.signInCode, { deviceId, amr, detail: { method } })
}
