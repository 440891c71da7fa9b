import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { MfaPolicyMode } from '../../../schema/factors'
import type { UserType } from '../../../schema/permissions'
import { at, id } from './columns'
import { users } from './users'

/**
 * Authenticator apps (TOTP, docs/second-factors.md). The secret is sealed with the newest
 * `factor_keys` key (AES-256-GCM; `secret` names the key it was sealed with). A row without
 * `confirmed_at` is a setup waiting for its first valid code; a user has one confirmed at most.
 * `last_step` is the time step of the last code accepted: a code is accepted once.
 */
export const authenticators = pgTable(
  'authenticators',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    createdAt: at('created_at').notNull(),
    confirmedAt: at('confirmed_at'),
    lastUsedAt: at('last_used_at'),
    lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('authenticators_user_idx').on(t.userId),
    uniqueIndex('authenticators_one_per_user')
      .on(t.userId)
      .where(sql`confirmed_at is not null`),
  ],
)
export type AuthenticatorRow = typeof authenticators.$inferSelect

/** Single-use recovery codes, stored as SHA-256 (they carry 50 random bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/** The keys that seal authenticator secrets; the newest seals, `npm run admin -- rotate-keys` adds one. */
export const factorKeys = pgTable('factor_keys', {
  id: id(),
  key: text('key').notNull(),
  createdAt: at('created_at').notNull(),
})

/** The second-factor policy of each user type (INTERNAL, EXTERNAL); no row: optional, 7 days. */
export const mfaPolicies = pgTable('mfa_policies', {
  userType: text('user_type').primaryKey().$type<UserType>(),
  mode: text('mode').notNull().$type<MfaPolicyMode>(),
  graceDays: integer('grace_days').notNull(),
  requiredSince: at('required_since'),
  updatedAt: at('updated_at').notNull(),
})
