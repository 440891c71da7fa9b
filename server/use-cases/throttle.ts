import { ErrorCode } from '../../schema/errors'
import { throttleMessage } from '../domain/throttle'
import { ApiError } from '../errors'
import { type AuditAction, recordAudit } from '../repos/audit'
import { giveBackWindowSlot, readWindow, takeWindowSlot } from '../repos/throttle-windows'
import type { UseCaseContext } from './context'

/** Addresses are throttled as a whole for IPv4, and by their /64 for IPv6 (one host's range). */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return `ip:${mapped[1]}`
  if (!ip.includes(':')) return `ip:${ip}`
  const [head = ''] = ip.toLowerCase().split('%')
  const [left = '', right] = head.split('::')
  const leftGroups = left ? left.split(':') : []
  const rightGroups = right ? right.split(':') : []
  const zeros = Array<string>(Math.max(0, 8 - leftGroups.length - rightGroups.length)).fill('0')
  const groups = right === undefined ? leftGroups : [...leftGroups, ...zeros, ...rightGroups]
  const prefix = groups.slice(0, 4).map((group) => parseInt(group || '0', 16).toString(16))
  return `ip:${prefix.join(':')}::/64`
}

async function throttled(
  ctx: UseCaseContext,
  action: AuditAction,
  retryAfterSeconds: number,
  audit: { subjectUserId?: string | null; detail?: Record<string, unknown> },
) {
  await recordAudit(ctx.db, ctx.client, {
    action,
    outcome: 'refused',
    subjectUserId: audit.subjectUserId ?? null,
    detail: { ...audit.detail, reason: 'throttled' },
  })
  return new ApiError(ErrorCode.throttled, throttleMessage(retryAfterSeconds), 429, {
    'retry-after': String(retryAfterSeconds),
  })
}

/**
 * Takes one of the address's THROTTLE_MAX_FAILURES slots of its window before a secret is checked
 * (a password, a code, a passkey's signature), across all accounts, so it also slows guessing over
 * many usernames, which no account's counter sees. Refuses (823, 429 with Retry-After) when none is
 * left; answers how to give the slot back when the secret was right.
 */
export async function takeAddressSlot(
  ctx: UseCaseContext,
  action: AuditAction,
  audit: { subjectUserId?: string | null; detail?: Record<string, unknown> } = {},
): Promise<() => Promise<void>> {
  const key = addressKey(ctx.client.ip)
  const { throttleMaxFailures, throttleWindowSeconds } = ctx.config
  const slot = await takeWindowSlot(
    ctx.db,
    key,
    new Date(),
    throttleMaxFailures,
    throttleWindowSeconds,
  )
  if (!slot.taken) throw await throttled(ctx, action, slot.retryAfterSeconds, audit)
  return () => giveBackWindowSlot(ctx.db, key, slot.windowStart)
}

/**
 * Refuses a step that checks no secret itself but prepares one (passkey options store a challenge)
 * when the address has no slot left, without taking one.
 */
export async function assertNotThrottled(ctx: UseCaseContext, action: AuditAction): Promise<void> {
  const { throttleMaxFailures, throttleWindowSeconds } = ctx.config
  const now = new Date()
  const window = await readWindow(ctx.db, addressKey(ctx.client.ip))
  if (!window || window.attempts < throttleMaxFailures) return
  const endsAt = window.windowStart.getTime() + throttleWindowSeconds * 1000
  if (endsAt <= now.getTime()) return
  throw await throttled(ctx, action, Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)), {})
}
