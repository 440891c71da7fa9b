import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { users } from './users'

/** WebAuthn credentials ("biometric login"): one row per registered passkey. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id as base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key as base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** Transports the authenticator named (internal, hybrid, usb…), comma-separated. */
    transports: text('transports').notNull().default(''),
    /** What the person will recognise it by: the device and browser it was made on. */
    label: text('label').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
)
export type PasskeyRow = typeof passkeys.$inferSelect

/**
 * Outstanding WebAuthn challenges, kept in the database so that any server process sharing it can
 * finish a ceremony another began. Single use, a few minutes.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: id(),
  /** Registration: the user registering. Sign-in: null (a discoverable credential names its user). */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull().$type<'registration' | 'authentication'>(),
  challenge: text('challenge').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
})

/**
 * Server-wide secrets generated on first start (the key that signs short-lived file URLs), kept in
 * the database so that every process sharing it signs and checks alike.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: at('created_at').notNull(),
})
