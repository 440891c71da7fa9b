import { and, asc, count, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Permission } from '../../schema/permissions'
import {
  apiTokens,
  groupMembers,
  groups,
  roleAssignments,
  roles,
  type ApiTokenRow,
  type GroupRow,
  type RoleRow,
} from '../db/schema/access'
import { serviceAssignments } from '../db/schema/services'
import { sessions } from '../db/schema/sessions'
import { users, type AccessScopes } from '../db/schema/users'
import type { Db } from '../db/types'
import { effectiveAccess, type HeldRole } from '../domain/access'

/*
 * The access model's queries (docs/access.md): roles, groups, memberships, assignments, tokens,
 * and the recomputation of the users' effective columns after any of them changes.
 */

export type { ApiTokenRow, GroupRow, RoleRow }

// ---- roles

export async function listRoles(db: Db): Promise<(RoleRow & { holders: number })[]> {
  const holders = db
    .select({
      roleId: roleAssignments.roleId,
      n: sql<number>`count(distinct ${roleAssignments.userId})::int`.as('n'),
    })
    .from(roleAssignments)
    .groupBy(roleAssignments.roleId)
    .as('holders')
  const rows = await db
    .select({ role: roles, holders: holders.n })
    .from(roles)
    .leftJoin(holders, eq(holders.roleId, roles.id))
    .orderBy(sql`${roles.builtIn} is null`, asc(sql`lower(${roles.name})`))
  return rows.map(({ role, holders: n }) => ({ ...role, holders: n ?? 0 }))
}

export async function findRole(
  db: Db,
  id: string,
): Promise<(RoleRow & { holders: number }) | undefined> {
  const [role] = await db.select().from(roles).where(eq(roles.id, id))
  if (!role) return undefined
  const [held] = await db
    .select({ n: sql<number>`count(distinct ${roleAssignments.userId})::int` })
    .from(roleAssignments)
    .where(eq(roleAssignments.roleId, id))
  return { ...role, holders: held?.n ?? 0 }
}

export async function findRolesByIds(db: Db, ids: readonly string[]): Promise<RoleRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(roles)
    .where(inArray(roles.id, [...ids]))
}

export const findBuiltInRole = async (db: Db, key: string) =>
  (await db.select().from(roles).where(eq(roles.builtIn, key)))[0]

export async function roleNameTaken(db: Db, name: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(sql`lower(${roles.name})`, name.toLowerCase()),
        except ? sql`${roles.id} <> ${except}` : undefined,
      ),
    )
  return Boolean(row)
}

export async function insertRole(
  db: Db,
  row: Pick<RoleRow, 'name' | 'description' | 'permissions'>,
): Promise<RoleRow> {
  const [inserted] = await db.insert(roles).values(row).returning()
  return inserted!
}

export async function updateRole(db: Db, id: string, change: Partial<RoleRow>) {
  const [row] = await db.update(roles).set(change).where(eq(roles.id, id)).returning()
  return row
}

export async function deleteRole(db: Db, id: string) {
  await db.delete(roles).where(eq(roles.id, id))
}

/** Users who hold the role, in any scope. */
export async function roleHolderIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: roleAssignments.userId })
    .from(roleAssignments)
    .where(eq(roleAssignments.roleId, roleId))
  return rows.map((row) => row.id)
}

// ---- groups

export async function listGroups(db: Db): Promise<(GroupRow & { members: number })[]> {
  const counts = db
    .select({ groupId: groupMembers.groupId, n: count().as('n') })
    .from(groupMembers)
    .groupBy(groupMembers.groupId)
    .as('counts')
  const rows = await db
    .select({ group: groups, members: counts.n })
    .from(groups)
    .leftJoin(counts, eq(counts.groupId, groups.id))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
  return rows.map(({ group, members }) => ({ ...group, members: Number(members ?? 0) }))
}

export async function findGroup(
  db: Db,
  id: string,
): Promise<(GroupRow & { members: number }) | undefined> {
  const [group] = await db.select().from(groups).where(eq(groups.id, id))
  if (!group) return undefined
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, id))
  return { ...group, members: Number(row?.n ?? 0) }
}

export async function findGroupsByIds(db: Db, ids: readonly string[]): Promise<GroupRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(groups)
    .where(inArray(groups.id, [...ids]))
}

export async function groupNameTaken(db: Db, name: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(sql`lower(${groups.name})`, name.toLowerCase()),
        except ? sql`${groups.id} <> ${except}` : undefined,
      ),
    )
  return Boolean(row)
}

export async function insertGroup(db: Db, row: Pick<GroupRow, 'name' | 'description'>) {
  const [inserted] = await db.insert(groups).values(row).returning()
  return inserted!
}

export async function updateGroup(db: Db, id: string, change: Partial<GroupRow>) {
  const [row] = await db.update(groups).set(change).where(eq(groups.id, id)).returning()
  return row
}

/** Tokens for the group's users act on nobody once it is gone (rather than on everybody). */
export async function loseTokenScope(db: Db, groupId: string, at: Date) {
  await db.update(apiTokens).set({ scopeLost: at }).where(eq(apiTokens.groupId, groupId))
}

export async function deleteGroup(db: Db, id: string) {
  await db.delete(groups).where(eq(groups.id, id))
}

/** Users whose power depends on the group: members, and holders of a role scoped to it. */
export async function usersTiedToGroup(
  db: Db,
  groupId: string,
): Promise<{ members: string[]; holders: string[] }> {
  const [members, holders] = await Promise.all([
    db
      .select({ id: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId)),
    db
      .selectDistinct({ id: roleAssignments.userId })
      .from(roleAssignments)
      .where(eq(roleAssignments.groupId, groupId)),
  ])
  return { members: members.map((r) => r.id), holders: holders.map((r) => r.id) }
}

/** A page of members by last name, first name and id, after the member `after` (keyset). */
export async function groupMembersPage(
  db: Db,
  groupId: string,
  seen: SQL | undefined,
  after: string | undefined,
  limit: number,
) {
  let afterKey: SQL | undefined
  if (after) {
    const [row] = await db
      .select({ nameLast: users.nameLast, nameFirst: users.nameFirst, id: users.id })
      .from(users)
      .where(eq(users.id, after))
    if (row)
      afterKey = sql`(lower(${users.nameLast}), lower(${users.nameFirst}), ${users.id}) > (lower(${row.nameLast}), lower(${row.nameFirst}), ${row.id})`
  }
  return db
    .select({
      id: users.id,
      nameFirst: users.nameFirst,
      nameLast: users.nameLast,
      email: users.email,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), seen, afterKey))
    .orderBy(sql`lower(${users.nameLast})`, sql`lower(${users.nameFirst})`, users.id)
    .limit(limit + 1)
}

export async function memberIdsAmong(
  db: Db,
  groupId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...ids])))
  return new Set(rows.map((r) => r.id))
}

export async function addMembers(db: Db, groupId: string, ids: readonly string[]) {
  if (ids.length === 0) return
  await db
    .insert(groupMembers)
    .values(ids.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing()
}

export async function removeMembers(db: Db, groupId: string, ids: readonly string[]) {
  if (ids.length === 0) return
  await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...ids])))
}

export async function userGroupIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId))
  return rows.map((r) => r.id)
}

export async function setUserGroups(db: Db, userId: string, groupIds: readonly string[]) {
  await db.delete(groupMembers).where(eq(groupMembers.userId, userId))
  await addMembersOf(db, userId, groupIds)
}

async function addMembersOf(db: Db, userId: string, groupIds: readonly string[]) {
  if (groupIds.length === 0) return
  await db.insert(groupMembers).values(groupIds.map((groupId) => ({ groupId, userId })))
}

/**
 * A membership changed: the users' rows and what hangs on them (sessions, assignments) change
 * too, so the caches of staff who reach that group gain or lose them at their next pull.
 */
export async function touchUsers(tx: Db, ids: readonly string[]) {
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000)
    await tx
      .update(users)
      .set({ updatedAt: sql`${users.updatedAt}` })
      .where(inArray(users.id, chunk))
    await tx
      .update(sessions)
      .set({ updatedAt: sql`${sessions.updatedAt}` })
      .where(inArray(sessions.userId, chunk))
    await tx
      .update(serviceAssignments)
      .set({ updatedAt: sql`${serviceAssignments.updatedAt}` })
      .where(inArray(serviceAssignments.userId, chunk))
  }
}

// ---- assignments

export interface AssignmentRow {
  roleId: string
  groupId: string | null
}

export async function userAssignments(db: Db, userId: string) {
  return db
    .select({
      roleId: roleAssignments.roleId,
      groupId: roleAssignments.groupId,
      roleName: roles.name,
      builtIn: roles.builtIn,
      permissions: roles.permissions,
      groupName: groups.name,
    })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .leftJoin(groups, eq(groups.id, roleAssignments.groupId))
    .where(eq(roleAssignments.userId, userId))
    .orderBy(asc(roles.name), asc(groups.name))
}

export async function setUserAssignments(
  db: Db,
  userId: string,
  assignments: readonly AssignmentRow[],
) {
  await db.delete(roleAssignments).where(eq(roleAssignments.userId, userId))
  if (assignments.length === 0) return
  await db
    .insert(roleAssignments)
    .values(assignments.map((a) => ({ userId, roleId: a.roleId, groupId: a.groupId })))
}

/** Active holders of the role everywhere (not locked, not disabled). */
export async function activeHoldersEverywhere(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: roleAssignments.userId })
    .from(roleAssignments)
    .innerJoin(users, eq(users.id, roleAssignments.userId))
    .where(
      and(
        eq(roleAssignments.roleId, roleId),
        isNull(roleAssignments.groupId),
        isNull(users.lockedAt),
        isNull(users.disabledAt),
      ),
    )
  return rows.map((r) => r.id)
}

/** Group members among `ids`: user id → the groups (of `groupIds`) they are in. */
export async function membershipsAmong(
  db: Db,
  userIds: readonly string[],
  groupIds: readonly string[],
): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>()
  if (userIds.length === 0 || groupIds.length === 0) return map
  const rows = await db
    .select({ userId: groupMembers.userId, groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(
      and(inArray(groupMembers.userId, [...userIds]), inArray(groupMembers.groupId, [...groupIds])),
    )
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.groupId])
  return map
}

// ---- effective access

/**
 * Recomputes the effective columns (permissions, scopes) of these users from their direct grants
 * and roles, in the caller's transaction; writes only rows that change, so only they sync again.
 */
export async function recomputeAccess(db: Db, userIds: readonly string[]) {
  const unique = [...new Set(userIds)]
  for (let start = 0; start < unique.length; start += 2000) {
    const chunk = unique.slice(start, start + 2000)
    const [owners, held] = await Promise.all([
      db
        .select({
          id: users.id,
          direct: users.directPermissions,
          permissions: users.permissions,
          scopes: users.scopes,
        })
        .from(users)
        .where(inArray(users.id, chunk)),
      db
        .select({
          userId: roleAssignments.userId,
          groupId: roleAssignments.groupId,
          permissions: roles.permissions,
        })
        .from(roleAssignments)
        .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
        .where(inArray(roleAssignments.userId, chunk)),
    ])
    const byUser = new Map<string, HeldRole[]>()
    for (const row of held)
      byUser.set(row.userId, [
        ...(byUser.get(row.userId) ?? []),
        { permissions: row.permissions, groupId: row.groupId },
      ])
    const changes: Record<string, { p: Permission[]; s: AccessScopes }> = {}
    for (const owner of owners) {
      const next = effectiveAccess(owner.direct, byUser.get(owner.id) ?? [])
      if (
        JSON.stringify(next.permissions) !== JSON.stringify(owner.permissions) ||
        JSON.stringify(next.scopes) !== JSON.stringify(owner.scopes)
      )
        changes[owner.id] = { p: next.permissions, s: next.scopes }
    }
    if (Object.keys(changes).length === 0) continue
    await db.execute(sql`
      update ${users} set
        permissions = array(select jsonb_array_elements_text(c.value -> 'p')),
        scopes = c.value -> 's',
        updated_at = now()
      from jsonb_each(${JSON.stringify(changes)}::jsonb) as c
      where ${users.id} = c.key::uuid`)
  }
}

// ---- tokens

export async function insertToken(
  db: Db,
  row: typeof apiTokens.$inferInsert,
): Promise<ApiTokenRow> {
  const [inserted] = await db.insert(apiTokens).values(row).returning()
  return inserted!
}

export async function tokensOf(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.createdBy, userId))
    .orderBy(sql`${apiTokens.createdAt} desc`, sql`${apiTokens.id} desc`)
}

export async function findToken(db: Db, id: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id))
  return row
}

export async function revokeToken(db: Db, id: string, at: Date): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning()
  return row
}

/** The live token with this hash, with its creator's row. */
export async function liveTokenByHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, now),
      ),
    )
  return row
}

export async function touchToken(db: Db, id: string, at: Date, from: string) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: at, lastUsedFrom: from })
    .where(
      and(
        eq(apiTokens.id, id),
        or(
          isNull(apiTokens.lastUsedAt),
          sql`${apiTokens.lastUsedAt} < ${new Date(at.getTime() - 60_000)}`,
        ),
      ),
    )
}

/** Revokes every live token of these users (disabled or removed creators). */
export async function revokeTokensOf(db: Db, userIds: readonly string[], at: Date) {
  if (userIds.length === 0) return
  await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(inArray(apiTokens.createdBy, [...userIds]), isNull(apiTokens.revokedAt)))
}
