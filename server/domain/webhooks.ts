import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import {
  LOGIN_FAILED,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
} from '../../schema/webhooks'
import { isLocalHostName, isPrivateAddress } from './private-address'

/*
 * Webhook rules without the database (docs/webhooks.md): the address rules, event types and
 * matching, the retry schedule and the payload's whitelist of detail fields.
 */

/** What is wrong with an endpoint address, or null; `allowPrivate` is WEBHOOK_PRIVATE_TARGETS. */
export function urlProblem(value: string, allowPrivate: boolean): string | null {
  const text = value.trim()
  if (!text) return WEBHOOK_MESSAGES.urlMissing
  if (text.length > WEBHOOK_LIMITS.urlMax) return WEBHOOK_MESSAGES.urlTooLong
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return WEBHOOK_MESSAGES.urlHttps
  if (!url.hostname) return WEBHOOK_MESSAGES.urlInvalid
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isLocalHostName(host) || (isIP(host) && isPrivateAddress(host)))
      return WEBHOOK_MESSAGES.urlPrivate
    // A bare name without a dot ('intranet') only resolves on a local network.
    if (!isIP(host) && !host.includes('.')) return WEBHOOK_MESSAGES.urlPrivate
  }
  return null
}

/** The address as stored: trimmed and as URL writes it. */
export const normalizeUrl = (value: string) => new URL(value.trim()).href

/** What is wrong with an endpoint's events, or null: ['*'] or known types, at least one. */
export function eventsProblem(events: readonly string[]): string | null {
  if (!events.length) return WEBHOOK_MESSAGES.eventsEmpty
  if (events.includes('*')) return events.length === 1 ? null : WEBHOOK_MESSAGES.eventsUnknown
  return events.every((type) => WEBHOOK_EVENT_TYPES.includes(type))
    ? null
    : WEBHOOK_MESSAGES.eventsUnknown
}

/** The events without repeats, in the order given. */
export const uniqueEvents = (events: readonly string[]) => [...new Set(events)]

const SIGN_IN_STEPS: readonly string[] = ['login', 'login.verify']

/**
 * The event type of an audit row: its action, except that a sign-in step (login, login.verify)
 * that failed or was refused is `login.failed`.
 */
export function eventTypeOf(action: string, outcome: string): string {
  return SIGN_IN_STEPS.includes(action) && outcome !== 'success' ? LOGIN_FAILED : action
}

/** The webhook-id of an event: the same for every endpoint, every retry and every replay. */
export const eventIdOf = (auditId: string) => `msg_${auditId.replace(/-/g, '')}`

/** A new signing secret: 'whsec_' + base64 of 32 random bytes (Standard Webhooks). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`

/** What the console shows of a secret: 'whsec_AbC…'. */
export const secretHint = (secret: string) => `${secret.slice(0, 9)}…`

/** How long a rotated-out secret still signs. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000

/**
 * The wait after the n-th failed attempt (1-based), before jitter: 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h — about a day in all. After the last the delivery gives up.
 */
export const RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const
/** Attempts in all: the first and one after each wait. */
export const WEBHOOK_MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1

/**
 * The wait after `attempts` failed attempts with ±20 % jitter (`random` in [0, 1)), or null when
 * the delivery gives up.
 */
export function webhookRetryDelayMs(
  attempts: number,
  random: number = Math.random(),
): number | null {
  const base = RETRY_SCHEDULE_MS[attempts - 1]
  if (base === undefined) return null
  return Math.round(base * (0.8 + 0.4 * random))
}

/** Detail fields an event may carry out, with what each may hold (a whitelist). */
const SAFE_DETAIL_KEYS = new Set([
  'reason',
  'method',
  'factor',
  'device',
  'count',
  'failures',
  'serviceId',
  'serviceKey',
  'serviceName',
  'name',
  'key',
  'roleId',
  'groupId',
  'tokenId',
  'tokenName',
  'channel',
  'messageId',
  'endpointId',
  'url',
  'eventType',
  'deliveryId',
  'fields',
  'type',
  'kind',
  'mode',
  'added',
  'removed',
  'ids',
  'userIds',
  'deleted',
  'until',
  'field',
  'holders',
  'retired',
  'resetLinkSent',
  'wasLocked',
  'unlocked',
  'to',
  'email',
  'by',
  'sessionsEnded',
  'secretId',
  'members',
  'lockouts',
  'failedAttempts',
  'invited',
  'associationId',
  'parentAssociationId',
  'items',
])
/** Changes of these fields are told with their values; others only that they changed. */
const SAFE_CHANGE_FIELDS = new Set([
  'nameFirst',
  'nameLast',
  'name',
  'email',
  'pendingEmail',
  'phone',
  'type',
  'permissions',
  'roles',
  'groups',
  'use2FA',
  'mustChangePassword',
  'locked',
  'disabled',
  'description',
  'key',
  'url',
  'events',
  'enabled',
  'accessTokenTimeout',
  'refreshTokenTimeout',
])

const isPlain = (value: unknown): boolean =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) &&
    value.every((item) => typeof item === 'string' || typeof item === 'number'))

/**
 * An audit detail as a payload carries it: only whitelisted fields holding plain values, and
 * `changes` with values only for whitelisted fields ({changed: true} for the others). Never
 * secrets, hashes, codes, links or tokens.
 */
export function sanitizeDetail(detail: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (!detail) return out
  for (const [key, value] of Object.entries(detail)) {
    if (key === 'changes' && value && typeof value === 'object' && !Array.isArray(value)) {
      const changes: Record<string, unknown> = {}
      for (const [field, change] of Object.entries(value as Record<string, unknown>)) {
        if (!change || typeof change !== 'object') continue
        const { before, after } = change as { before?: unknown; after?: unknown }
        changes[field] =
          SAFE_CHANGE_FIELDS.has(field) && isPlain(before ?? null) && isPlain(after ?? null)
            ? { before: before ?? null, after: after ?? null }
            : { changed: true }
      }
      out.changes = changes
    } else if (SAFE_DETAIL_KEYS.has(key) && isPlain(value)) out[key] = value
  }
  return out
}

/** The start of an answer's body for the delivery log. */
export const excerptOf = (body: string) =>
  body.length > WEBHOOK_LIMITS.excerptMax ? body.slice(0, WEBHOOK_LIMITS.excerptMax) : body

/** The subject user's row as the payload needs it. */
export interface PayloadUserRow {
  id: string
  email: string
  nameFirst: string
  nameLast: string
  phone: string | null
  type: string
  disabledAt: Date | null
  lockedAt: Date | null
  lockedUntil: Date | null
  createdAt: Date
  updatedAt: Date
}

/** The event a payload tells of (an audit row, or a test event). */
export interface PayloadEvent {
  id: string
  action: string
  outcome: string
  at: Date
  ip: string
  actor: { id: string; name: string } | null
  via: { tokenId: string; tokenName: string } | null
  detail: Record<string, unknown> | null
}

/** A person as a payload names them: their full name, else their email. */
export const personName = (row: { nameFirst: string; nameLast: string; email: string }) =>
  `${row.nameFirst} ${row.nameLast}`.trim() || row.email

/** The JSON body of a delivery (schema/webhooks.ts WebhookPayload), built from a whitelist. */
export function webhookPayload(
  type: string,
  event: PayloadEvent,
  user: PayloadUserRow | null,
  now: Date,
): string {
  return JSON.stringify({
    type,
    timestamp: event.at.toISOString(),
    data: {
      event: {
        id: event.id,
        action: event.action,
        outcome: event.outcome,
        at: event.at.toISOString(),
        ip: event.ip,
        actor: event.actor,
        via: event.via,
        detail: sanitizeDetail(event.detail),
      },
      user: user && {
        id: user.id,
        email: user.email,
        nameFirst: user.nameFirst,
        nameLast: user.nameLast,
        phone: user.phone,
        type: user.type,
        active: user.disabledAt === null,
        locked: user.lockedAt !== null || (user.lockedUntil !== null && user.lockedUntil > now),
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
      },
    },
  })
}
