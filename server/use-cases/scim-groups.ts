import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { ScimError } from '../domain/scim-errors'
import { parseScimFilter } from '../domain/scim-filter'
import { planGroupPatch } from '../domain/scim-patch'
import { groupVersion } from '../presenters/scim'
import {
  deleteGroup,
  loseTokenScope,
  recomputeAccess,
  touchUsers,
  usersTiedToGroup,
} from '../repos/access'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  addGroupMembers,
  countGroups,
  findGroupWithCount,
  type GroupWithCount,
  groupsPage,
  insertGroupRow,
  removeGroupMembers,
  removeGroupMembersExcept,
  takenGroupField,
  updateGroupRow,
  userIdsSeenBy,
  visibleMembers,
  visibleMembersOfGroups,
} from '../repos/scim'
import { groupFilterSql, groupSortSql } from '../repos/scim-filter-sql'
import type { UseCaseContext } from './context'
import {
  assertAny,
  assertUsersWrite,
  assertVersion,
  isId,
  type ListQuery,
  paging,
} from './scim-common'
import { readMembers, readScimGroup } from './scim-user-input'
import { changesOf } from './staff-rules'
import { isUniqueViolation } from './unique-violation'

/*
 * SCIM Groups (docs/scim.md): the access model's groups under the console's rules — reading takes
 * roles.read or users.read, creating, renaming and deleting roles.write, membership users.access
 * (docs/access.md), on top of users.write everywhere, which every SCIM call needs. Memberships
 * change by SQL, never by loading a group's members.
 */

export type { GroupWithCount }

const noSuchGroup = (id: string) => new ScimError(404, `There is no group ${id}.`)
const SOURCE = 'scim'

const uniqueness = (field: 'displayName' | 'externalId' | undefined) =>
  new ScimError(
    409,
    field === 'externalId'
      ? 'That externalId is already used by another group.'
      : 'A group with that displayName already exists.',
    'uniqueness',
  )

async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueness(undefined)
    throw error
  }
}

const assertRead = (actor: UserRow) => {
  assertUsersWrite(actor)
  assertAny(actor, ['roles.read', 'users.read'], 'Reading groups')
}
const assertManage = (actor: UserRow) => assertAny(actor, ['roles.write'], 'Changing groups')
const assertMembership = (actor: UserRow) =>
  assertAny(actor, ['users.access'], 'Changing group members')

export async function listScimGroups(ctx: UseCaseContext, actor: UserRow, query: ListQuery) {
  assertRead(actor)
  const { startIndex, count } = paging(query)
  const where = query.filter ? groupFilterSql(parseScimFilter(query.filter, 'Group')) : undefined
  const order = groupSortSql(query.sortBy, query.sortOrder)
  const rows = await groupsPage(ctx.db, where, order, startIndex - 1, count)
  const total = await countGroups(ctx.db, where)
  return { rows, total, startIndex }
}

export async function getScimGroup(ctx: UseCaseContext, actor: UserRow, id: string) {
  assertRead(actor)
  const group = isId(id) ? await findGroupWithCount(ctx.db, id) : undefined
  if (!group) throw noSuchGroup(id)
  return group
}

/** The members of a group the actor may see, for the answer (absent when excluded). */
export const membersOf = (ctx: UseCaseContext, actor: UserRow, groupId: string) =>
  visibleMembers(ctx.db, actor, groupId)

/** The members of each listed group the actor may see, in one query. */
export const membersOfGroups = (ctx: UseCaseContext, actor: UserRow, groupIds: readonly string[]) =>
  visibleMembersOfGroups(ctx.db, actor, groupIds)

export interface MemberChange {
  add: readonly string[]
  remove: readonly string[]
  /** The whole membership, as far as the actor sees it. */
  replace?: readonly string[]
}

/** Ids the actor may see, or 400 invalidValue naming one that is not a user of theirs. */
async function visibleIds(tx: Db, actor: UserRow, ids: readonly string[]) {
  const bad = ids.find((id) => !isId(id))
  if (bad !== undefined)
    throw new ScimError(400, `members: "${bad}" is not a user id.`, 'invalidValue')
  const seen = await userIdsSeenBy(tx, actor, ids)
  const missing = ids.find((id) => !seen.has(id))
  if (missing !== undefined)
    throw new ScimError(400, `members: there is no user ${missing}.`, 'invalidValue')
  return [...new Set(ids)]
}

/** Applies a membership change by SQL, audits it, and touches the users so that caches follow. */
async function changeMembership(
  tx: Db,
  ctx: UseCaseContext,
  actor: UserRow,
  group: GroupWithCount,
  change: MemberChange,
) {
  const wanted = change.replace !== undefined || change.add.length > 0 || change.remove.length > 0
  if (!wanted) return false
  const added: string[] = []
  const removed: string[] = []
  if (change.replace !== undefined) {
    const keep = await visibleIds(tx, actor, change.replace)
    removed.push(...(await removeGroupMembersExcept(tx, actor, group.id, keep)))
    added.push(...(await addGroupMembers(tx, group.id, keep)))
  }
  if (change.remove.length > 0) {
    // Removing someone who is not a member (or no user of the actor's) changes nothing.
    const seen = await userIdsSeenBy(tx, actor, change.remove.filter(isId))
    removed.push(...(await removeGroupMembers(tx, group.id, [...seen.keys()])))
  }
  if (change.add.length > 0)
    added.push(...(await addGroupMembers(tx, group.id, await visibleIds(tx, actor, change.add))))
  const audit = (action: AuditAction, ids: string[]) =>
    recordAudit(tx, ctx.client, {
      action,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: ids.length === 1 ? ids[0] : null,
      detail: {
        source: SOURCE,
        groupId: group.id,
        name: group.name,
        users: ids.length,
        userIds: ids.slice(0, 100),
      },
    })
  const [wasAdded, wasRemoved] = [new Set(added), new Set(removed)]
  const netAdded = [...wasAdded].filter((id) => !wasRemoved.has(id))
  const netRemoved = [...wasRemoved].filter((id) => !wasAdded.has(id))
  // Checked once the change is known (a PUT that repeats the members changes none); the
  // transaction rolls back what was done.
  if (netAdded.length > 0 || netRemoved.length > 0) assertMembership(actor)
  if (netAdded.length > 0) await audit(AuditAction.groupMembersAdded, netAdded)
  if (netRemoved.length > 0) await audit(AuditAction.groupMembersRemoved, netRemoved)
  const changed = [...netAdded, ...netRemoved]
  if (changed.length === 0) return false
  await touchUsers(tx, changed)
  return true
}

/** POST /Groups: a group (roles.write) with its first members (users.access). */
export async function createScimGroup(ctx: UseCaseContext, actor: UserRow, body: unknown) {
  assertUsersWrite(actor)
  assertManage(actor)
  const fields = readScimGroup(body)
  const members = readMembers(body) ?? []
  return uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const taken = await takenGroupField(tx, fields, null)
      if (taken) throw uniqueness(taken)
      const group = await insertGroupRow(tx, fields)
      await recordAudit(tx, ctx.client, {
        action: AuditAction.groupCreated,
        outcome: 'success',
        actorUserId: actor.id,
        detail: {
          source: SOURCE,
          groupId: group.id,
          name: group.name,
          changes: changesOf({}, fields),
        },
      })
      const created = { ...group, members: 0 }
      await changeMembership(tx, ctx, actor, created, { add: members, remove: [] })
      return (await findGroupWithCount(tx, group.id))!
    }),
  )
}

/** Renames (roles.write) and changes members (users.access) of a locked, version-checked group. */
async function changeScimGroup(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  ifMatch: string | undefined,
  plan: (group: GroupWithCount) => {
    name?: string
    externalId?: string | null
    members: MemberChange
  },
) {
  assertUsersWrite(actor)
  if (!isId(id)) throw noSuchGroup(id)
  return uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const group = await findGroupWithCount(tx, id, true)
      if (!group) throw noSuchGroup(id)
      assertVersion(ifMatch, groupVersion(group, group.members))
      const planned = plan(group)
      const next = {
        name: planned.name ?? group.name,
        externalId: planned.externalId === undefined ? group.externalId : planned.externalId,
      }
      const changes = changesOf({ name: group.name, externalId: group.externalId }, next)
      if (Object.keys(changes).length > 0) {
        assertManage(actor)
        const taken = await takenGroupField(tx, next, id)
        if (taken) throw uniqueness(taken)
        await updateGroupRow(tx, id, next)
        await recordAudit(tx, ctx.client, {
          action: AuditAction.groupUpdated,
          outcome: 'success',
          actorUserId: actor.id,
          detail: { source: SOURCE, groupId: id, name: next.name, changes },
        })
      }
      const renamed = { ...group, ...next }
      if (await changeMembership(tx, ctx, actor, renamed, planned.members))
        await updateGroupRow(tx, id, {})
      return (await findGroupWithCount(tx, id))!
    }),
  )
}

/** PUT /Groups/:id: displayName, externalId and (when given) the whole membership. */
export function replaceScimGroup(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  body: unknown,
  ifMatch?: string,
) {
  assertUsersWrite(actor)
  const fields = readScimGroup(body)
  const members = readMembers(body)
  const bodyId = typeof body === 'object' && body !== null && 'id' in body ? body.id : undefined
  if (bodyId !== undefined && bodyId !== id)
    throw new ScimError(
      400,
      'The id in the body is not the id in the path; id is read-only.',
      'mutability',
    )
  return changeScimGroup(ctx, actor, id, ifMatch, () => ({
    ...fields,
    members: { add: [], remove: [], replace: members ?? [] },
  }))
}

/** PATCH /Groups/:id: planned without loading the members (domain/scim-patch planGroupPatch). */
export function patchScimGroup(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  body: unknown,
  ifMatch?: string,
) {
  assertUsersWrite(actor)
  const planned = planGroupPatch(body, id)
  return changeScimGroup(ctx, actor, id, ifMatch, () => ({
    name: planned.displayName,
    externalId: planned.externalId,
    members: {
      add: planned.addMembers,
      remove: planned.removeMembers,
      replace: planned.replaceMembers,
    },
  }))
}

/** DELETE /Groups/:id, as the console deletes a group: memberships and scoped roles end with it. */
export async function deleteScimGroup(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  ifMatch?: string,
) {
  assertUsersWrite(actor)
  assertManage(actor)
  if (!isId(id)) throw noSuchGroup(id)
  await ctx.db.transaction(async (tx) => {
    const group = await findGroupWithCount(tx, id, true)
    if (!group) throw noSuchGroup(id)
    assertVersion(ifMatch, groupVersion(group, group.members))
    const { members, holders } = await usersTiedToGroup(tx, id)
    await loseTokenScope(tx, id, new Date())
    await deleteGroup(tx, id)
    await recomputeAccess(tx, holders)
    await touchUsers(tx, members)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.groupDeleted,
      outcome: 'success',
      actorUserId: actor.id,
      detail: {
        source: SOURCE,
        groupId: id,
        name: group.name,
        members: members.length,
        holders: holders.length,
      },
    })
  })
}
