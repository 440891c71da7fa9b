import { sql } from 'drizzle-orm'
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, id, stamps, syncColumns } from './columns'
import { users } from './users'

/** Console sessions: the Sessions list. Only the token's SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    ...stamps(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** Idle expiry; slides forward with use but never past absoluteExpires. */
    expires: at('expires').notNull(),
    absoluteExpires: at('absolute_expires').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    /**
     * How the sign-in was made (RFC 8176 amr): pwd, otp, sms, hwk, user, mfa. Single sign-on
     * hands it on to services in id tokens, with acr `mfa` when it holds mfa.
     */
    amr: text('amr')
      .array()
      .notNull()
      .default(sql`'{pwd}'`),
    ...syncColumns(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_rev_idx').on(t.rev),
  ],
)
export type SessionRow = typeof sessions.$inferSelect
