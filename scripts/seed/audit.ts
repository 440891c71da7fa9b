import { v7 as uuidv7 } from 'uuid'
import type { auditLog } from '../../server/db/schema/audit'
import type { Random } from './random'
import { USER_AGENTS } from './words'

type AuditInsert = typeof auditLog.$inferInsert

const DAY = 24 * 60 * 60 * 1000

/** Who and what the seeded trail can name: existing users, staff among them, and services. */
export interface AuditCast {
  users: { id: string; email: string }[]
  staff: string[]
  services: { id: string; key: string }[]
}

/** A home network per person and a few noisy addresses that keep guessing. */
const address = (random: Random) =>
  `10.${random.int(0, 63)}.${random.int(0, 255)}.${random.int(1, 254)}`
const GUESSERS = ['203.0.113.7', '198.51.100.23', '192.0.2.144', '203.0.113.250']

const SERVICE_FIELDS = [
  ['accessTokenTimeout', 1, 10],
  ['refreshTokenTimeout', 1, 60],
] as const

/**
 * `count` audit events spread over the last `days` days, in the shapes the server records them
 * (server/use-cases): mostly sign-ins and sign-outs, a steady share of failures (wrong passwords,
 * unknown users, throttled guessers), locks, resets, and staff changes to users and services.
 * Times are random within the window; the Logs screen orders them.
 */
export function auditRows(
  random: Random,
  cast: AuditCast,
  count: number,
  now: Date,
  days = 90,
): AuditInsert[] {
  if (cast.users.length === 0) throw new Error('Audit events need users: seed some with --users.')
  const from = now.getTime() - days * DAY
  const rows: AuditInsert[] = []
  for (let i = 0; i < count; i++) {
    const user = random.pick(cast.users)
    const at = random.between(from, now.getTime())
    const base = { id: uuidv7(), at, userAgent: random.pick(USER_AGENTS), ip: address(random) }
    const roll = random.next()
    if (roll < 0.62) {
      rows.push({
        ...base,
        action: 'login',
        outcome: 'success',
        subjectUserId: user.id,
        detail: { sessionId: uuidv7(), ...(random.chance(0.05) ? { method: 'passkey' } : {}) },
      })
    } else if (roll < 0.74) {
      rows.push({
        ...base,
        action: 'logout',
        outcome: 'success',
        actorUserId: user.id,
        subjectUserId: user.id,
      })
    } else if (roll < 0.84) {
      rows.push({
        ...base,
        action: 'login',
        outcome: 'failure',
        subjectUserId: user.id,
        detail: { failedAttempts: random.int(1, 4) },
      })
    } else if (roll < 0.88) {
      rows.push({
        ...base,
        ip: random.pick(GUESSERS),
        action: 'login',
        outcome: 'failure',
        detail: { username: `guess${random.int(1, 9999)}@example.net`, reason: 'unknown user' },
      })
    } else if (roll < 0.9) {
      rows.push({
        ...base,
        ip: random.pick(GUESSERS),
        action: 'login',
        outcome: 'refused',
        subjectUserId: user.id,
        detail: { counted: false, reason: 'address throttled' },
      })
    } else if (roll < 0.91) {
      rows.push({
        ...base,
        action: 'account.locked',
        outcome: 'success',
        subjectUserId: user.id,
        detail: { failedAttempts: 5, lockouts: 1 },
      })
    } else if (roll < 0.94) {
      rows.push({
        ...base,
        action: 'password.reset_requested',
        outcome: 'success',
        subjectUserId: user.id,
      })
    } else if (roll < 0.96) {
      rows.push({ ...base, action: 'password.reset', outcome: 'success', subjectUserId: user.id })
    } else if (roll < 0.98 && cast.staff.length > 0) {
      const before = random.chance(0.5)
      rows.push({
        ...base,
        action: 'user.updated',
        outcome: 'success',
        actorUserId: random.pick(cast.staff),
        subjectUserId: user.id,
        detail: { field: 'use2FA', changes: { use2FA: { before, after: !before } } },
      })
    } else if (cast.services.length > 0 && cast.staff.length > 0) {
      const service = random.pick(cast.services)
      const [field, low, high] = random.pick(SERVICE_FIELDS)
      rows.push({
        ...base,
        action: 'service.updated',
        outcome: 'success',
        actorUserId: random.pick(cast.staff),
        detail: {
          serviceId: service.id,
          key: service.key,
          field,
          from: random.int(low, high),
          to: random.int(low, high),
        },
      })
    } else {
      rows.push({
        ...base,
        action: 'logout',
        outcome: 'success',
        actorUserId: user.id,
        subjectUserId: user.id,
      })
    }
  }
  return rows
}
