import { ErrorCode } from '../../schema/errors'
import { throttleMessage, throttleWait } from '../domain/throttle'
import { ApiError } from '../errors'
import {
  AuditAction,
  type AuditAction as Action,
  failedSignInsFrom,
  recordAudit,
} from '../repos/audit'
import type { UseCaseContext } from './context'

async function addressWait(ctx: UseCaseContext) {
  const now = new Date()
  const { throttleMaxFailures, throttleWindowSeconds } = ctx.config
  const since = new Date(now.getTime() - throttleWindowSeconds * 1000)
  const failures = await failedSignInsFrom(ctx.db, ctx.client.ip, since)
  return throttleWait(failures, now, throttleMaxFailures, throttleWindowSeconds)
}

/**
 * True when the request's address has reached THROTTLE_MAX_FAILURES in the window, counting
 * failures that other requests recorded after this one passed assertNotThrottled. Such failures
 * are not counted against the account (docs/server-security.md).
 */
export async function addressThrottled(ctx: UseCaseContext): Promise<boolean> {
  return (await addressWait(ctx)) !== undefined
}

/**
 * Refuses a sign-in step (code 823, 429 with Retry-After) from an address that failed too often in
 * the window. It counts failures across all accounts, so it also slows guessing over many usernames,
 * which the per-account lockout cannot see.
 */
export async function assertNotThrottled(ctx: UseCaseContext, action: Action = AuditAction.signIn) {
  const wait = await addressWait(ctx)
  if (!wait) return
  await recordAudit(ctx.db, ctx.client, {
    action,
    outcome: 'refused',
    detail: { reason: 'throttled' },
  })
  throw new ApiError(ErrorCode.throttled, throttleMessage(wait.retryAfterSeconds), 429, {
    'retry-after': String(wait.retryAfterSeconds),
  })
}
