import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { groupMembers, groups, type GroupRow } from '../db/schema/access'
import { users, type UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import type { Viewer } from '../domain/user-visibility'
import { usersSeenBy } from './users'

/*
 * The queries of SCIM (docs/scim.md) beyond those the console shares: pages and counts under a
 * filter's WHERE (repos/scim-filter-sql.ts), uniqueness of what a client sends, and group
 * memberships changed by SQL, never by loading a group's members.
 */

const CHUNK = 2000
const chunks = <T>(items: readonly T[]) => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

// ---- users

/** The users `viewer` may see (under users.write) that `filter` keeps. */
const usersWhere = (viewer: Viewer, filter: SQL | undefined) =>
  and(usersSeenBy(viewer, 'users.write'), filter)

export async function usersPage(
  db: Db,
  viewer: Viewer,
  filter: SQL | undefined,
  order: SQL[],
  offset: number,
  limit: number,
): Promise<UserRow[]> {
  if (limit === 0) return []
  return db
    .select()
    .from(users)
    .where(usersWhere(viewer, filter))
    .orderBy(...order)
    .offset(offset)
    .limit(limit)
}

export async function countUsers(db: Db, viewer: Viewer, filter: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(usersWhere(viewer, filter))
  return Number(row?.n ?? 0)
}

/** The user with this id as `viewer` sees it under users.write, its row locked. */
export async function lockUserSeenBy(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), usersSeenBy(viewer, 'users.write')))
    .for('update')
  return row
}

export type UniqueField = 'email' | 'phone' | 'externalId'

/** Which of these values another account (any type: the index is global) already holds. */
export async function takenUserField(
  db: Db,
  values: { email: string; phone: string | null; externalId: string | null },
  exceptId: string | null,
): Promise<UniqueField | undefined> {
  const rows = await db
    .select({ email: users.email, phone: users.phone, externalId: users.externalId })
    .from(users)
    .where(
      and(
        sql`(${users.email} = ${values.email}${
          values.phone ? sql` or ${users.phone} = ${values.phone}` : sql``
        }${values.externalId ? sql` or ${users.externalId} = ${values.externalId}` : sql``})`,
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(3)
  if (rows.some((r) => r.email === values.email)) return 'email'
  if (values.phone && rows.some((r) => r.phone === values.phone)) return 'phone'
  if (rows.length > 0) return 'externalId'
  return undefined
}

/** Of these ids, those naming users `viewer` may see (under users.write). */
export async function userIdsSeenBy(
  db: Db,
  viewer: Viewer,
  ids: readonly string[],
): Promise<Map<string, Pick<UserRow, 'id' | 'nameFirst' | 'nameLast'>>> {
  const found = new Map<string, Pick<UserRow, 'id' | 'nameFirst' | 'nameLast'>>()
  for (const chunk of chunks([...new Set(ids)])) {
    const rows = await db
      .select({ id: users.id, nameFirst: users.nameFirst, nameLast: users.nameLast })
      .from(users)
      .where(and(inArray(users.id, chunk), usersSeenBy(viewer, 'users.write')))
    for (const row of rows) found.set(row.id, row)
  }
  return found
}

// ---- groups

export type GroupWithCount = GroupRow & { members: number }

const memberCount = sql<number>`(select count(*) from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`

export async function groupsPage(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  offset: number,
  limit: number,
): Promise<GroupWithCount[]> {
  if (limit === 0) return []
  const rows = await db
    .select({ group: groups, members: memberCount })
    .from(groups)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit)
  return rows.map(({ group, members }) => ({ ...group, members: Number(members) }))
}

export async function countGroups(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groups).where(where)
  return Number(row?.n ?? 0)
}

/** The group with its member count; `lock` holds its row until the transaction ends. */
export async function findGroupWithCount(
  db: Db,
  id: string,
  lock = false,
): Promise<GroupWithCount | undefined> {
  const query = db.select().from(groups).where(eq(groups.id, id))
  const [group] = lock ? await query.for('update') : await query
  if (!group) return undefined
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, id))
  return { ...group, members: Number(row?.n ?? 0) }
}

/** Which of the group's unique values (name case-insensitively, externalId) another group holds. */
export async function takenGroupField(
  db: Db,
  values: { name: string; externalId: string | null },
  exceptId: string | null,
): Promise<'displayName' | 'externalId' | undefined> {
  const rows = await db
    .select({ name: groups.name })
    .from(groups)
    .where(
      and(
        sql`(lower(${groups.name}) = ${values.name.toLowerCase()}${
          values.externalId ? sql` or ${groups.externalId} = ${values.externalId}` : sql``
        })`,
        exceptId ? ne(groups.id, exceptId) : undefined,
      ),
    )
    .limit(2)
  if (rows.some((r) => r.name.toLowerCase() === values.name.toLowerCase())) return 'displayName'
  return rows.length > 0 ? 'externalId' : undefined
}

export async function insertGroupRow(
  db: Db,
  row: Pick<GroupRow, 'name' | 'externalId'>,
): Promise<GroupRow> {
  const [inserted] = await db
    .insert(groups)
    .values({ ...row, description: '' })
    .returning()
  if (!inserted) throw new Error('The group was not stored.')
  return inserted
}

/** Changes the group (name, externalId) and moves its updated_at, so its version changes. */
export async function updateGroupRow(
  db: Db,
  id: string,
  change: Partial<Pick<GroupRow, 'name' | 'externalId'>>,
): Promise<GroupRow | undefined> {
  const [row] = await db
    .update(groups)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(groups.id, id))
    .returning()
  return row
}

/** The group's members `viewer` may see, by last name, first name and id. */
export async function visibleMembers(db: Db, viewer: Viewer, groupId: string) {
  return db
    .select({ id: users.id, nameFirst: users.nameFirst, nameLast: users.nameLast })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), usersSeenBy(viewer, 'users.write')))
    .orderBy(sql`lower(${users.nameLast})`, sql`lower(${users.nameFirst})`, users.id)
}

/** The visible members of several groups in one query (a list page), by group id. */
export async function visibleMembersOfGroups(db: Db, viewer: Viewer, groupIds: readonly string[]) {
  const byGroup = new Map<string, { id: string; nameFirst: string; nameLast: string }[]>(
    groupIds.map((id) => [id, []]),
  )
  if (!groupIds.length) return byGroup
  const rows = await db
    .select({
      groupId: groupMembers.groupId,
      id: users.id,
      nameFirst: users.nameFirst,
      nameLast: users.nameLast,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(inArray(groupMembers.groupId, [...groupIds]), usersSeenBy(viewer, 'users.write')))
    .orderBy(sql`lower(${users.nameLast})`, sql`lower(${users.nameFirst})`, users.id)
  for (const { groupId, ...member } of rows) byGroup.get(groupId)?.push(member)
  return byGroup
}

/** Adds these users to the group; answers those who were not members before. */
export async function addGroupMembers(
  db: Db,
  groupId: string,
  ids: readonly string[],
): Promise<string[]> {
  const added: string[] = []
  for (const chunk of chunks([...new Set(ids)])) {
    const rows = await db
      .insert(groupMembers)
      .values(chunk.map((userId) => ({ groupId, userId })))
      .onConflictDoNothing()
      .returning({ id: groupMembers.userId })
    added.push(...rows.map((r) => r.id))
  }
  return added
}

/** Removes these users from the group; answers those who were members. */
export async function removeGroupMembers(
  db: Db,
  groupId: string,
  ids: readonly string[],
): Promise<string[]> {
  const removed: string[] = []
  for (const chunk of chunks([...new Set(ids)])) {
    const rows = await db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, chunk)))
      .returning({ id: groupMembers.userId })
    removed.push(...rows.map((r) => r.id))
  }
  return removed
}

/**
 * Removes every member `viewer` may see except `keep` (a replacement of the members; those hidden
 * from the viewer stay, as they do not exist for it). Answers the removed ids.
 */
export async function removeGroupMembersExcept(
  db: Db,
  viewer: Viewer,
  groupId: string,
  keep: readonly string[],
): Promise<string[]> {
  const seen = usersSeenBy(viewer, 'users.write')
  const rows = await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        seen
          ? sql`${groupMembers.userId} in (select ${users.id} from ${users} where ${seen})`
          : undefined,
        keep.length > 0
          ? sql`${groupMembers.userId} <> all(${`{${[...new Set(keep)].join(',')}}`}::uuid[])`
          : undefined,
      ),
    )
    .returning({ id: groupMembers.userId })
  return rows.map((r) => r.id)
}

/** Of these values, those some account already holds (for checking many new users at once). */
export async function takenUserValues(
  db: Db,
  values: { emails: string[]; phones: string[]; externalIds: string[] },
): Promise<{ emails: Set<string>; phones: Set<string>; externalIds: Set<string> }> {
  const found = {
    emails: new Set<string>(),
    phones: new Set<string>(),
    externalIds: new Set<string>(),
  }
  const lists = [
    ['emails', users.email, values.emails],
    ['phones', users.phone, values.phones],
    ['externalIds', users.externalId, values.externalIds],
  ] as const
  for (const [key, column, list] of lists)
    for (const chunk of chunks(list)) {
      const rows = await db.select({ value: column }).from(users).where(inArray(column, chunk))
      for (const row of rows) if (row.value !== null) found[key].add(row.value)
    }
  return found
}

/** Inserts many users in one statement per chunk; answers the rows. */
export async function insertUsers(db: Db, rows: (typeof users.$inferInsert)[]): Promise<UserRow[]> {
  const inserted: UserRow[] = []
  // Some 25 parameters a row: 500 rows stay well under PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += 500)
    inserted.push(
      ...(await db
        .insert(users)
        .values(rows.slice(i, i + 500))
        .returning()),
    )
  return inserted
}
