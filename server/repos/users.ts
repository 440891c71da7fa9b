import {
  and,
  arrayContains,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { passwordHistory } from '../db/schema/credentials'
import { users, type UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import type { Permission } from '../../schema/permissions'
import { groupMembers } from '../db/schema/access'
import { groupsReached, hiddenUserType, maySeeUser, type Viewer } from '../domain/user-visibility'
import { preparedPerDb } from './prepared'

/**
 * The user whose `column` equals a value, as a query built once per handle: sign-ins and the
 * guard's neighbours read users this way on every call (docs/server-performance.md).
 */
const userBy = (column: typeof users.email | typeof users.phone | typeof users.id, name: string) =>
  preparedPerDb((db) =>
    db
      .select()
      .from(users)
      .where(eq(column, sql.placeholder('value')))
      .limit(1)
      .prepare(name),
  )
const userByEmail = userBy(users.email, 'user_by_email')
const userByPhone = userBy(users.phone, 'user_by_phone')
const userById = userBy(users.id, 'user_by_id')

/** The account a parsed username names (schema/rules.ts parseUsername), if any. */
export async function findUserByUsername(
  db: Db,
  username: { email: string } | { phone: string },
): Promise<UserRow | undefined> {
  const [row] =
    'email' in username
      ? await userByEmail(db).execute({ value: username.email })
      : await userByPhone(db).execute({ value: username.phone })
  return row
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ value: id })
  return row
}

/*
 * Who sees whom (domain/user-visibility.ts) as SQL, for every query that answers or acts on users
 * on someone's behalf: the rule is decided there, and applied only through these. `permission`
 * is the one the query is made under: a permission held over some groups only (docs/access.md)
 * reaches their members only.
 */

/** True (in SQL) when the user id in `column` is a member of one of `groups`. */
const memberOf = (groups: readonly string[], column: AnyPgColumn | SQL): SQL<boolean> =>
  groups.length === 0
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${column} and ${groupMembers.groupId} in (${sql.join(
        groups.map((group) => sql`${group}::uuid`),
        sql`, `,
      )}))`

/** Keeps the `users` rows `viewer` may see; undefined (no condition) when it sees every one. */
export function usersSeenBy(
  viewer: Viewer,
  permission: Permission = 'users.read',
): SQL | undefined {
  const hidden = hiddenUserType(viewer)
  const groups = groupsReached(viewer, permission)
  return and(
    hidden ? ne(users.type, hidden) : undefined,
    groups ? memberOf(groups, users.id) : undefined,
  )
}

/**
 * True (in SQL) when the user id in `column` names an account hidden from `viewer`. Under a group
 * scope every row whose user is not a member is hidden, a null user id too.
 */
export function userIdHiddenFrom(
  viewer: Viewer,
  column: AnyPgColumn,
  permission: Permission = 'users.read',
): SQL<boolean> {
  const hidden = hiddenUserType(viewer)
  const groups = groupsReached(viewer, permission)
  const byType = hidden
    ? sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${column} and ${users.type} = ${hidden})`
    : undefined
  const byGroup = groups
    ? sql<boolean>`(${column} is null or not ${memberOf(groups, column)})`
    : undefined
  if (byType && byGroup) return sql<boolean>`(${byType} or ${byGroup})`
  return byType ?? byGroup ?? sql<boolean>`false`
}

/**
 * Keeps the rows whose user id (`column`, which may be null or name no one) is not an account
 * hidden from `viewer`; undefined when it sees every one.
 */
export const userIdSeenBy = (
  viewer: Viewer,
  column: AnyPgColumn,
  permission: Permission = 'users.read',
): SQL | undefined =>
  hiddenUserType(viewer) || groupsReached(viewer, permission)
    ? sql`not ${userIdHiddenFrom(viewer, column, permission)}`
    : undefined

/** The user with this id as `viewer` sees it: undefined for no such user and for a hidden one. */
export async function findUserSeenBy(
  db: Db,
  viewer: Viewer,
  id: string,
  permission: Permission = 'users.read',
): Promise<UserRow | undefined> {
  const row = await findUserById(db, id)
  if (!row || !maySeeUser(viewer, row)) return undefined
  const groups = groupsReached(viewer, permission)
  if (!groups) return row
  const [member] = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, id), inArray(groupMembers.groupId, [...groups])))
    .limit(1)
  return groups.length > 0 && member ? row : undefined
}

/** Updates a user and answers the row as it now is. */
export async function updateUser(
  db: Db,
  id: string,
  change: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(change).where(eq(users.id, id)).returning()
  return row
}

/** Inserts a user unless the email is taken already; answers the new id, or undefined. */
export async function insertUserUnlessTaken(
  db: Db,
  row: typeof users.$inferInsert,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(users)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: users.id })
  return inserted?.id
}

/** Hashes of the user's most recent passwords, newest first. */
export async function recentPasswordHashes(db: Db, userId: string, limit: number) {
  const rows = await db
    .select({ id: passwordHistory.id, hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(limit)
  return rows
}

/** Records a newly set password and forgets all but the `keep` most recent ones. */
export async function rememberPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  at: Date,
  keep: number,
) {
  await db.insert(passwordHistory).values({ userId, passwordHash, createdAt: at })
  const kept = await recentPasswordHashes(db, userId, keep)
  await db.delete(passwordHistory).where(
    and(
      eq(passwordHistory.userId, userId),
      notInArray(
        passwordHistory.id,
        kept.map((row) => row.id),
      ),
    ),
  )
}

/** True when another account already uses this email or phone. */
export async function isTaken(db: Db, field: 'email' | 'phone', value: string, exceptId: string) {
  const column = field === 'email' ? users.email : users.phone
  const rows = await db.select({ id: users.id }).from(users).where(eq(column, value)).limit(2)
  return rows.some((row) => row.id !== exceptId)
}

export const anyUserExists = async (db: Db) =>
  (await db.select({ id: users.id }).from(users).limit(1)).length > 0

/**
 * The user's current visage reference, with the row locked until the transaction ends, so that of
 * two uploads at once each learns the file the other replaced. Undefined when there is no such user.
 */
export async function lockVisage(
  db: Db,
  userId: string,
): Promise<{ visage: string | null } | undefined> {
  const [row] = await db
    .select({ visage: users.visage })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row
}

/**
 * The ids of the active administrators (users.write, not locked, not disabled), their rows locked
 * until the transaction ends: two staff removing the last two administrators at once are decided
 * one after the other.
 */
export async function lockActiveAdmins(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        arrayContains(users.permissions, ['users.write']),
        // Staff who hold it over some groups only administer no one else (docs/access.md).
        sql`not jsonb_exists(${users.scopes}, 'users.write')`,
        isNull(users.lockedAt),
        isNull(users.disabledAt),
      ),
    )
    .for('update')
  return new Set(rows.map((row) => row.id))
}

/** These users' rows, locked until the transaction ends, by id. */
export async function lockUsers(db: Db, ids: readonly string[]): Promise<Map<string, UserRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
    .for('update')
  return new Map(rows.map((row) => [row.id, row]))
}

/** Those of these users `viewer` may see, their rows locked until the transaction ends, by id. */
export async function lockUsersSeenBy(
  db: Db,
  viewer: Viewer,
  ids: readonly string[],
  permission: Permission = 'users.write',
): Promise<Map<string, UserRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), usersSeenBy(viewer, permission)))
    .for('update')
  return new Map(rows.map((row) => [row.id, row]))
}

/** Inserts a user and answers the row. */
export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning()
  if (!inserted) throw new Error('The user was not stored.')
  return inserted
}
