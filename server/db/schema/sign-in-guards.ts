import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { users } from './users'

/**
 * The failure count and temporary lock of one thing a stranger may guess at
 * (docs/server-security.md, Lockout): `user:<id>` for an account's unknown devices,
 * `device:<id>` for one known device, `nobody:<n>` for the unknown usernames (so that a wrong
 * password for a name with no account runs the very statements a known one runs). Not synced:
 * counting a guess touches no row a console reads.
 */
export const signInCounters = pgTable(
  'sign_in_counters',
  {
    subject: text('subject').primaryKey(),
    /** Guesses taken since the last success or lock: failures, and checks still running. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastAttemptAt: at('last_attempt_at').notNull(),
    /** End of the current temporary lock; null or past when none. */
    lockedUntil: at('locked_until'),
    /** Temporary locks in a row; each waits twice as long as the one before. */
    lockoutCount: integer('lockout_count').notNull().default(0),
  },
  // The purge finds quiet counters without reading them all (a spray of unknown names makes many).
  (t) => [index('sign_in_counters_last_attempt_idx').on(t.lastAttemptAt)],
)
export type SignInCounterRow = typeof signInCounters.$inferSelect

/**
 * Browsers in which an account signed in (OWASP "device cookies"). The browser keeps a cookie
 * entry signed for the account and naming the row; guesses presented with it count against that
 * device only, so a stranger's guesses never lock the owner's own browsers out.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
)
export type KnownDeviceRow = typeof knownDevices.$inferSelect

/**
 * Counts in fixed windows: `ip:<address>` for the address throttle (sign-in steps and password
 * re-checks from one address, across accounts) and `session:<id>` for the wrong password re-checks
 * of one console session. A slot is taken before a password is checked and given back when it was
 * right, so parallel requests cannot outrun the limit.
 */
export const throttleWindows = pgTable(
  'throttle_windows',
  {
    key: text('key').primaryKey(),
    windowStart: at('window_start').notNull(),
    attempts: integer('attempts').notNull(),
  },
  (t) => [index('throttle_windows_start_idx').on(t.windowStart)],
)
