import { randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import type { Permission } from '../../schema/permissions'
import type { sessions } from '../../server/db/schema/sessions'
import type { users } from '../../server/db/schema/users'
import type { Random } from './random'
import { EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, USER_AGENTS } from './words'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000
/** A seeded session's lifetimes: the defaults of SESSION_IDLE_MINUTES and SESSION_MAX_HOURS. */
const IDLE = 30 * MINUTE
const LIFETIME = 12 * HOUR

/** What seeded staff may see: enough to open every list, not to change anything. */
const STAFF_PERMISSIONS: Permission[] = [
  'users.read',
  'sessions.read',
  'services.read',
  'attributes.read',
]

type UserInsert = typeof users.$inferInsert
type SessionInsert = typeof sessions.$inferInsert

/**
 * `count` users numbered from `first` (numbers keep emails and phones unique across runs). All
 * share one password hash: hashing 20,000 passwords would take minutes and prove nothing.
 */
export function userRows(
  random: Random,
  first: number,
  count: number,
  passwordHash: string,
  now: Date,
): UserInsert[] {
  const rows: UserInsert[] = []
  for (let n = first; n < first + count; n++) {
    const nameFirst = random.pick(FIRST_NAMES)
    const nameLast = random.pick(LAST_NAMES)
    const createdAt = random.between(now.getTime() - 730 * DAY, now.getTime() - DAY)
    const local = `${nameFirst}.${nameLast}`.toLowerCase().replace(/[^a-z.]/g, '')
    // Ten digits, unique per n: an area code 200–999 and a seven-digit line number.
    const phone = random.chance(0.8) ? String(2_000_000_000 + n * 7) : null
    const internal = random.chance(0.1)
    rows.push({
      id: uuidv7({ msecs: createdAt.getTime() }),
      createdAt,
      updatedAt: random.between(createdAt.getTime(), now.getTime()),
      nameFirst,
      nameLast,
      email: `${local}.${n}@${random.pick(EMAIL_DOMAINS)}`,
      phone,
      passwordHash,
      passwordChangedAt: random.between(now.getTime() - 80 * DAY, now.getTime()),
      permissions: internal ? STAFF_PERMISSIONS : [],
      type: internal ? 'INTERNAL' : 'EXTERNAL',
      use2fa: phone !== null && random.chance(0.3),
      lastLogin: random.chance(0.9) ? random.between(createdAt.getTime(), now.getTime()) : null,
    })
  }
  return rows
}

function ip(random: Random): string {
  // Mostly public-looking addresses, some from an office network.
  if (random.chance(0.2))
    return `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`
  return `${random.int(11, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`
}

/**
 * `count` live sessions of the given users, expiring over the next half hour to 12 hours (the
 * default SESSION_IDLE_MINUTES..SESSION_MAX_HOURS), so they outlive the purge at start. Each was
 * opened in the past within its 12-hour absolute lifetime. The token hashes are random: nobody
 * holds these tokens.
 */
export function sessionRows(
  random: Random,
  userIds: readonly string[],
  count: number,
  now: Date,
): SessionInsert[] {
  const tokens = randomBytes(32 * count)
  const rows: SessionInsert[] = []
  for (let i = 0; i < count; i++) {
    // A minute short of the window: opened at least a minute ago, it still fits its lifetime.
    const expires = random.between(now.getTime() + IDLE, now.getTime() + LIFETIME - MINUTE)
    const createdAt = random.between(expires.getTime() - LIFETIME, now.getTime() - MINUTE)
    const lastSeenAt = random.between(createdAt.getTime(), now.getTime())
    rows.push({
      id: uuidv7({ msecs: createdAt.getTime() }),
      createdAt,
      updatedAt: lastSeenAt,
      tokenHash: tokens.subarray(i * 32, i * 32 + 32).toString('hex'),
      userId: random.pick(userIds),
      ip: ip(random),
      userAgent: random.pick(USER_AGENTS),
      expires,
      absoluteExpires: new Date(createdAt.getTime() + LIFETIME),
      lastSeenAt,
    })
  }
  return rows
}
