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
/** Help-desk staff: they also revoke sessions and look at the logs. */
const SUPPORT_PERMISSIONS: Permission[] = [...STAFF_PERMISSIONS, 'sessions.revoke', 'logs.read']
/** A few administrators of users besides the first one. */
const ADMIN_PERMISSIONS: Permission[] = [...SUPPORT_PERMISSIONS, 'users.write', 'users.access']

type UserInsert = typeof users.$inferInsert
type SessionInsert = typeof sessions.$inferInsert

/**
 * When the user last signed in, as the Users screen's dormant filter sees a real directory: most
 * within the last week, some 10 to 40 days ago, fewer 40 to 100, 100 to 200 and over 200 days
 * ago, and some never (invited, never came). Days ago, or null for never.
 */
function lastLoginAge(random: Random): number | null {
  const roll = random.next()
  if (roll < 0.08) return null
  if (roll < 0.13) return 200 + random.next() * 500
  if (roll < 0.18) return 100 + random.next() * 100
  if (roll < 0.25) return 40 + random.next() * 60
  if (roll < 0.35) return 10 + random.next() * 30
  return random.next() * 10
}

const grants = (permissions: Permission[]) => ({ permissions, directPermissions: permissions })

function permissionsOf(random: Random): Permission[] {
  const roll = random.next()
  if (roll < 0.15) return []
  if (roll < 0.65) return STAFF_PERMISSIONS
  if (roll < 0.9) return SUPPORT_PERMISSIONS
  return ADMIN_PERMISSIONS
}

/**
 * `count` users numbered from `first` (numbers keep emails and phones unique across runs). All
 * share one password hash: hashing 20,000 passwords would take minutes and prove nothing. About
 * 1 in 10 is INTERNAL staff, most with some permissions; a few are locked (2%), disabled (2%) or
 * must change their password (5%); a third of those with a phone use it for two-factor.
 */
export function userRows(
  random: Random,
  first: number,
  count: number,
  passwordHash: string,
  now: Date,
): UserInsert[] {
  const rows: UserInsert[] = []
  const today = now.getTime()
  for (let n = first; n < first + count; n++) {
    const nameFirst = random.pick(FIRST_NAMES)
    const nameLast = random.pick(LAST_NAMES)
    const age = lastLoginAge(random)
    const lastLogin = age === null ? null : new Date(today - Math.round(age * DAY))
    // Created before the last sign-in (and at least a day ago), within the last two years or so.
    const createdBefore = Math.min(lastLogin?.getTime() ?? today, today - DAY)
    const createdAt = random.between(
      Math.min(today - 730 * DAY, createdBefore - DAY),
      createdBefore,
    )
    const local = `${nameFirst}.${nameLast}`.toLowerCase().replace(/[^a-z.]/g, '')
    // Ten digits, unique per n: an area code 200–999 and a seven-digit line number.
    const phone = random.chance(0.8) ? String(2_000_000_000 + n * 7) : null
    const internal = random.chance(0.1)
    const since = Math.max(createdAt.getTime(), lastLogin?.getTime() ?? 0)
    const lockedAt = random.chance(0.02) ? random.between(since, today) : null
    const disabledAt = random.chance(0.02) ? random.between(since, today) : null
    rows.push({
      id: uuidv7({ msecs: createdAt.getTime() }),
      createdAt,
      updatedAt: random.between(since, today),
      nameFirst,
      nameLast,
      email: `${local}.${n}@${random.pick(EMAIL_DOMAINS)}`,
      phone,
      passwordHash,
      passwordChangedAt: random.between(Math.max(createdAt.getTime(), today - 80 * DAY), today),
      mustChangePassword: random.chance(0.05),
      lockedAt,
      disabledAt,
      // Direct grants, no roles: the effective permissions are the same (docs/access.md).
      ...grants(internal ? permissionsOf(random) : []),
      type: internal ? 'INTERNAL' : 'EXTERNAL',
      use2fa: phone !== null && random.chance(0.3),
      lastLogin,
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
