import { index, jsonb, pgTable, text, uuid, primaryKey } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { services } from './services'
import { sessions } from './sessions'

/**
 * oidc-provider's model instances (docs/sso.md): sessions, interactions, authorization codes,
 * access and refresh tokens, grants… one row per instance, keyed by model name and id, with the
 * lookups the provider's adapter needs (uid, grant id, user code) indexed. Rows past expires_at are
 * treated as gone and purged.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: at('expires_at'),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    primaryKey({ name: 'oidc_models_pk', columns: [t.model, t.id] }),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_grant_id_idx').on(t.grantId),
    index('oidc_models_user_code_idx').on(t.userCode),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
)
export type OidcModelRow = typeof oidcModels.$inferSelect

/**
 * The provider's signing keys (private JWKs). The newest key signs; older ones stay published in
 * the JWKS so tokens they signed still verify, until retired_at (docs/sso.md, "Key rotation").
 */
export const oidcKeys = pgTable('oidc_keys', {
  id: id(),
  createdAt: at('created_at')
    .notNull()
    .$defaultFn(() => new Date()),
  /** One key set generated together: an RS256 and an ES256 private JWK. */
  jwks: jsonb('jwks').$type<Record<string, unknown>[]>().notNull(),
  retiredAt: at('retired_at'),
})
export type OidcKeyRow = typeof oidcKeys.$inferSelect

/**
 * Client secrets of confidential services: only the SHA-256 of a 256-bit random secret is kept.
 * A rotation gives the previous secret an expiry, so both work during the overlap.
 */
export const serviceSecrets = pgTable(
  'service_secrets',
  {
    id: id(),
    createdAt: at('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hash: text('hash').notNull(),
    expiresAt: at('expires_at'),
  },
  (t) => [index('service_secrets_service_idx').on(t.serviceId)],
)
export type ServiceSecretRow = typeof serviceSecrets.$inferSelect

/**
 * Which services a console session signed into, with the provider's grant and session ids: the
 * Sessions list shows them, and revoking the session revokes the grants and notifies the services.
 */
export const sessionServices = pgTable(
  'session_services',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    grantId: text('grant_id').notNull(),
    /** The provider's session id (sid claim), for back-channel logout. */
    sid: text('sid').notNull(),
    userId: uuid('user_id').notNull(),
    signedInAt: at('signed_in_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'session_services_pk', columns: [t.sessionId, t.serviceId] }),
    index('session_services_grant_idx').on(t.grantId),
  ],
)
export type SessionServiceRow = typeof sessionServices.$inferSelect
