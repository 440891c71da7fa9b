import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { Permission } from '../../../schema/permissions'
import { at, id, stamps } from './columns'
import { users } from './users'

/*
 * The access model (docs/access.md): roles, groups, who holds which role where, and API tokens.
 * A user's effective permissions are kept on the users row (permissions, scopes) and recomputed
 * in the transaction of every change here (use-cases/access-recompute.ts).
 */

const permissionList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'`)
    .$type<Permission[]>()

/** A named bundle of permissions; the built-in ones carry their key and never change. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    ...stamps(),
    builtIn: text('built_in'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: permissionList('permissions'),
  },
  (t) => [
    uniqueIndex('roles_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('roles_built_in_unique').on(t.builtIn),
  ],
)
export type RoleRow = typeof roles.$inferSelect

/** A named set of users. */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    ...stamps(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The provisioning client's own id for the group (SCIM `externalId`, docs/scim.md). */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('groups_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('groups_external_id_unique').on(t.externalId),
  ],
)
export type GroupRow = typeof groups.$inferSelect

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId, t.groupId),
  ],
)

/** A role a user holds: everywhere (group null) or over one group's members. */
export const roleAssignments = pgTable(
  'role_assignments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('role_assignments_unique').on(
      t.userId,
      t.roleId,
      sql`coalesce(${t.groupId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('role_assignments_role_idx').on(t.roleId),
    index('role_assignments_group_idx').on(t.groupId),
  ],
)

/** A token for scripts: its SHA-256 only, what it carries, and where it was last used. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    createdAt: at('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleIds: uuid('role_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    permissions: permissionList('permissions'),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** The token was scoped to a group that is gone: it acts on nobody rather than everybody. */
    scopeLost: at('scope_lost_at'),
    expiresAt: at('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
    lastUsedFrom: text('last_used_from'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_creator_idx').on(t.createdBy, t.createdAt),
  ],
)
export type ApiTokenRow = typeof apiTokens.$inferSelect
