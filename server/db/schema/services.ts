import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { SERVICE_FIELDS } from '../../../schema/service-fields'
import { id, stamps, syncColumns } from './columns'
import { users } from './users'

/** Applications that sign in through Gatehouse (SPEC.md §3 Service). Deletion is a flag: Restore. */
export const services = pgTable(
  'services',
  {
    id: id(),
    ...stamps(),
    key: text('key').notNull().unique('services_key_unique'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull().default(''),
    accessTokenTimeout: integer('access_token_timeout')
      .notNull()
      .default(SERVICE_FIELDS.accessTokenTimeout.default),
    refreshTokenTimeout: integer('refresh_token_timeout')
      .notNull()
      .default(SERVICE_FIELDS.refreshTokenTimeout.default),
    hasLogo: boolean('has_logo').notNull().default(false),
    // The current logo's file reference (stored file logo/<logo>-<size>), null with no logo.
    // A new upload gets a new reference, so a signed URL of the old logo stops finding a file.
    // Kept out of the synced Service: the console asks GET /v1/service/:id/logo for a link.
    logo: text('logo'),
    deleted: boolean('deleted').notNull().default(false),
    // OpenID Connect client settings (docs/sso.md): client_id is the key.
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
    postLogoutRedirectUris: jsonb('post_logout_redirect_uris')
      .$type<string[]>()
      .notNull()
      .default([]),
    clientType: text('client_type')
      .$type<'public' | 'confidential'>()
      .notNull()
      .default(SERVICE_FIELDS.clientType.default),
    firstParty: boolean('first_party').notNull().default(SERVICE_FIELDS.firstParty.default),
    /** Every sign-in into this service needs a second factor (as if it asked acr_values=mfa). */
    requireMfa: boolean('require_mfa').notNull().default(SERVICE_FIELDS.requireMfa.default),
    backchannelLogoutUri: text('backchannel_logout_uri').notNull().default(''),
    ...syncColumns(),
  },
  (t) => [index('services_rev_idx').on(t.rev)],
)

export type ServiceRow = typeof services.$inferSelect

export const serviceAssignments = pgTable(
  'service_assignments',
  {
    id: id(),
    ...stamps(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Follows a renamed key, so an assignment never points at nothing.
    serviceKey: text('service_key')
      .notNull()
      .references(() => services.key, { onUpdate: 'cascade', onDelete: 'cascade' }),
    ...syncColumns(),
  },
  (t) => [
    uniqueIndex('service_assignments_user_service_unique').on(t.userId, t.serviceKey),
    index('service_assignments_rev_idx').on(t.rev),
  ],
)
