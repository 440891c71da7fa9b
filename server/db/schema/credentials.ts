import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { users } from './users'

/** Hashes of a user's recent passwords, newest included, so a change can refuse a reuse (code 807). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Forgot-password links: random, stored hashed, single use, one hour (an invitation's 72 hours).
 * `reason` is why it was sent (ResetReason): an invitation's link welcomes the new user.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    reason: text('reason').notNull().default('requested'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash)],
)

/**
 * Second steps of sign-ins (docs/second-factors.md): opened once the password was right, ten
 * minutes, single use. `code_hash` is the text message's code once one was sent (argon2); a step
 * answered with the authenticator app or a recovery code needs none. `purpose` 'enrolment' is the
 * ticket of an enrolment the policy requires before any session opens.
 */
export const mfaRequests = pgTable(
  'mfa_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    purpose: text('purpose').notNull().default('sign-in').$type<'sign-in' | 'enrolment'>(),
    /** Text messages sent for this step, at most three. */
    smsSent: integer('sms_sent').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Set when the code is accepted, or when a newer request supersedes this one. */
    usedAt: at('used_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [index('mfa_requests_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Links that confirm an address staff gave a user (docs/users.md): random, stored hashed, single
 * use, 24 hours. Until its owner opens one, the account keeps its old address.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('email_verifications_hash_unique').on(t.tokenHash)],
)
