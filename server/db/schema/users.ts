import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { AccessScopes } from '../../../schema/access'
import type { Permission, UserType } from '../../../schema/permissions'

export type { AccessScopes }
import { at, id, stamps, syncColumns } from './columns'

/** Staff and other accounts (SPEC.md §3 User) with what sign-in needs. */
export const users = pgTable(
  'users',
  {
    id: id(),
    ...stamps(),
    nameFirst: text('name_first').notNull(),
    nameLast: text('name_last').notNull(),
    email: text('email').notNull(),
    /** Ten bare digits. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: at('password_changed_at').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set by the permanent lock (802) that only staff or the admin command lift. */
    lockedAt: at('locked_at'),
    /**
     * End of the temporary lock of the account's unknown devices (823 there until then), as its
     * counter `user:<id>` in sign_in_counters holds it; kept here for staff's screens.
     */
    lockedUntil: at('locked_until'),
    /**
     * The effective permissions (docs/access.md): the union of the user's roles and direct grants,
     * including those held only over some groups' members (`scopes` says which).
     */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'`)
      .$type<Permission[]>(),
    /** Permissions staff gave the user directly, outside any role: the exceptions. */
    directPermissions: text('direct_permissions')
      .array()
      .notNull()
      .default(sql`'{}'`)
      .$type<Permission[]>(),
    /**
     * The permissions held only over the members of some groups: permission → group ids. A
     * permission absent here is held everywhere (or not at all).
     */
    scopes: jsonb('scopes').notNull().default({}).$type<AccessScopes>(),
    type: text('type').notNull().$type<UserType>(),
    use2fa: boolean('use2fa').notNull().default(false),
    visage: text('visage'),
    lastLogin: at('last_login'),
    /** Set while staff have turned the account off (808 at sign-in). */
    disabledAt: at('disabled_at'),
    /** An address staff gave the user, waiting for its owner to confirm it (email_verifications). */
    pendingEmail: text('pending_email'),
    /** Kept by a trigger on passkeys (migration 0010), so a passkey change syncs the user. */
    passkeyCount: integer('passkey_count').notNull().default(0),
    /** When the authenticator app was enrolled; null without one (docs/second-factors.md). */
    authenticatorAt: at('authenticator_at'),
    /** The provisioning client's own id for the user (SCIM `externalId`, docs/scim.md). */
    externalId: text('external_id'),
    ...syncColumns(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    uniqueIndex('users_external_id_unique').on(t.externalId),
    index('users_name_idx').on(t.nameLast, t.nameFirst),
    index('users_rev_idx').on(t.rev),
    index('users_last_login_idx').on(t.lastLogin),
    // Usernames are case-insensitive, so the stored address is always the lowercase one.
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_phone_digits', sql`${t.phone} ~ '^[0-9]{10}$'`),
    check('users_type_known', sql`${t.type} in ('INTERNAL', 'EXTERNAL')`),
    // A second factor needs somewhere to send the code.
    check('users_2fa_needs_phone', sql`not ${t.use2fa} or ${t.phone} is not null`),
  ],
)
export type UserRow = typeof users.$inferSelect
