import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import { passwords } from '../domain/passwords'
import { AuditAction } from '../repos/audit'
import type { UseCaseContext } from './context'
import { type Refusal, takeGuess } from './guess'
import { knownDeviceOf } from './known-device'

/**
 * A signed-in user re-enters their own password before a change a borrowed session must not make
 * (address, phone, two-factor switch, password, a passkey). Each re-check is a guess like a
 * sign-in's (use-cases/guess.ts): it takes the address throttle's slot, the account's (this
 * browser's known device, or the unknown devices'), and the session's; LOCKOUT_THRESHOLD wrong ones
 * in a session end it and tell the owner by mail, so a session is no password oracle.
 */
export async function recheckPassword(
  ctx: UseCaseContext,
  user: UserRow,
  password: string,
  refusal: Omit<Refusal, 'code'>,
): Promise<void> {
  const deviceId = await knownDeviceOf(ctx, user.id)
  const guess = await takeGuess(
    ctx,
    { user, deviceId, sessionId: ctx.priorSessionId },
    refusal.action,
  )
  if (await passwords.verify(user.passwordHash, password)) return guess.right({ ended: true })
  throw await guess.wrong({ ...refusal, code: ErrorCode.oldPasswordWrong })
}

/**
 * The re-check before a change of one's own account (`field` names it in the audit): a wrong
 * password answers 805 'The password is not correct.' and is audited as a failed `user.updated`.
 */
export function recheckForChange(
  ctx: UseCaseContext,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  return recheckPassword(ctx, user, password, {
    action: AuditAction.userUpdated,
    message: 'The password is not correct.',
    actorUserId: user.id,
    detail: { field, reason: 'wrong password' },
  })
}
