import { ErrorCode } from '../../schema/errors'
import {
  RESET_MAX_PER_ADDRESS,
  RESET_MAX_PER_CLIENT,
  RESET_THROTTLE_WINDOW_SECONDS,
  resetThrottleMessage,
} from '../domain/password-reset'
import { throttleWait } from '../domain/throttle'
import { ApiError } from '../errors'
import { type AuditAction, recordAudit, resetAttemptsFrom, resetRequestsFor } from '../repos/audit'
import type { UseCaseContext } from './context'

/**
 * Refuses a reset step (823, 429 with Retry-After) when the client address has used up its budget
 * of requests and bad links in the window, or — for a request — when the email address has. Counted
 * from the audit log, like the sign-in throttle. An unknown address is limited exactly like a known
 * one, so a refusal tells nothing about the account.
 */
export async function assertResetNotThrottled(
  ctx: UseCaseContext,
  action: AuditAction,
  email?: string,
): Promise<void> {
  const now = new Date()
  const window = RESET_THROTTLE_WINDOW_SECONDS
  const since = new Date(now.getTime() - window * 1000)
  const fromClient = await resetAttemptsFrom(ctx.db, ctx.client.ip, since)
  const forAddress = email === undefined ? [] : await resetRequestsFor(ctx.db, email, since)
  const waits = [
    throttleWait(fromClient, now, RESET_MAX_PER_CLIENT, window),
    throttleWait(forAddress, now, RESET_MAX_PER_ADDRESS, window),
  ].map((wait) => wait?.retryAfterSeconds ?? 0)
  const retryAfterSeconds = Math.max(...waits)
  if (retryAfterSeconds === 0) return
  await recordAudit(ctx.db, ctx.client, {
    action,
    outcome: 'refused',
    detail: { reason: 'throttled', ...(email === undefined ? {} : { email }) },
  })
  throw new ApiError(ErrorCode.throttled, resetThrottleMessage(retryAfterSeconds), 429, {
    'retry-after': String(retryAfterSeconds),
  })
}
