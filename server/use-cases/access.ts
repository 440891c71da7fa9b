import {
  ACCESS_MESSAGES,
  type BuiltInRoleKey,
  BuiltInRoleKeys,
  type ChangeGroupBody,
  type ChangeRoleBody,
  type CreateGroupBody,
  type CreateRoleBody,
  type ExplainQuery,
  type Explanation,
  type MembersQuery,
  type RoleAssignment,
  type UserAccess,
} from '../../schema/access'
import { ErrorCode } from '../../schema/errors'
import { permissionLabel } from '../../schema/permission-text'
import type { Permission } from '../../schema/permissions'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { BUILT_IN_ROLES, isScopable, mayGrant, scopeOf } from '../domain/access'
import { maySeeUser, type Viewer } from '../domain/user-visibility'
import { ApiError, unprocessable } from '../errors'
import * as repo from '../repos/access'
import { AuditAction, recordAudit } from '../repos/audit'
import { findServiceById } from '../repos/services'
import {
  findUserById,
  findUserSeenBy,
  lockActiveAdmins,
  lockUsersSeenBy,
  usersSeenBy,
} from '../repos/users'
import type { UseCaseContext } from './context'
import { canonicalPermissions, changesOf, MESSAGES, noSuchUser } from './staff-rules'

/*
 * Roles, groups, assignments and the "why can they?" answer (docs/access.md). Every change runs in
 * one transaction with its audit row and the recomputation of the effective permissions of the
 * users it touches, and refuses (rolling back) a result that leaves no active administrator.
 */

const noSuchRole = () => new ApiError(ErrorCode.notFound, ACCESS_MESSAGES.noSuchRole)
const noSuchGroup = () => new ApiError(ErrorCode.notFound, ACCESS_MESSAGES.noSuchGroup)
const builtInFixed = () => new ApiError(ErrorCode.forbidden, ACCESS_MESSAGES.builtInFixed)

/** Names are judged trimmed; control characters are refused (the schema bounds the length). */
function cleanName(value: string): string {
  const name = value.trim()
  // eslint-disable-next-line no-control-regex
  if (name === '' || /[\u0000-\u001f\u007f]/.test(name))
    throw unprocessable('Enter a name without control characters.')
  return name
}
function cleanDescription(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(value))
    throw unprocessable('Remove the control characters from the description.')
  return value.trim()
}

/**
 * Keeps the built-in roles equal to the code (domain/access.ts) at every start: a release that adds
 * a permission gives it to the Administrator role, and so to its holders.
 */
export async function syncBuiltInRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const key of BuiltInRoleKeys) {
      const want = BUILT_IN_ROLES[key]
      const role = await repo.findBuiltInRole(tx, key)
      const permissions = canonicalPermissions(want.permissions)
      if (!role) {
        await repo
          .insertRole(tx, { name: want.name, description: want.description, permissions })
          .then((row) => repo.updateRole(tx, row.id, { builtIn: key }))
        continue
      }
      if (
        role.name === want.name &&
        role.description === want.description &&
        JSON.stringify(role.permissions) === JSON.stringify(permissions)
      )
        continue
      await repo.updateRole(tx, role.id, {
        name: want.name,
        description: want.description,
        permissions,
      })
      await repo.recomputeAccess(tx, await repo.roleHolderIds(tx, role.id))
    }
  })
}

/** The Administrator role's id (the first start assigns it). */
export async function administratorRoleId(db: Db): Promise<string> {
  const role = await repo.findBuiltInRole(db, 'administrator' satisfies BuiltInRoleKey)
  if (!role) throw new Error('The Administrator role is missing; run the migrations.')
  return role.id
}

/**
 * After a change in `tx`: refuse it when it leaves no active administrator (users.write
 * everywhere, not locked or disabled) or, the Administrator role having had active holders, none.
 */
async function assertAdministratorsRemain(
  tx: Db,
  before: { admins: number; holders: number },
  administratorId: string,
) {
  const admins = await lockActiveAdmins(tx)
  if (before.admins > 0 && admins.size === 0) throw unprocessable(MESSAGES.lastAdmin)
  const holders = await repo.activeHoldersEverywhere(tx, administratorId)
  if (before.holders > 0 && holders.length === 0)
    throw unprocessable(ACCESS_MESSAGES.lastAdministrator)
}

async function administratorsNow(tx: Db, administratorId: string) {
  const [admins, holders] = await Promise.all([
    lockActiveAdmins(tx),
    repo.activeHoldersEverywhere(tx, administratorId),
  ])
  return { admins: admins.size, holders: holders.length }
}

// ---- roles

export const listRoles = (ctx: UseCaseContext) => repo.listRoles(ctx.db)

export async function getRole(ctx: UseCaseContext, id: string) {
  const role = await repo.findRole(ctx.db, id)
  if (!role) throw noSuchRole()
  return role
}

/** Nobody gives a role more than they hold everywhere: a role may be granted to anyone later. */
function assertRoleCeiling(actor: UserRow, permissions: readonly Permission[]) {
  if (!permissions.every((permission) => scopeOf(actor, permission) === 'everywhere'))
    throw unprocessable(ACCESS_MESSAGES.roleCeiling)
}

export async function createRole(ctx: UseCaseContext, actor: UserRow, body: CreateRoleBody) {
  const name = cleanName(body.name)
  const description = cleanDescription(body.description)
  const permissions = canonicalPermissions(body.permissions)
  assertRoleCeiling(actor, permissions)
  return ctx.db.transaction(async (tx) => {
    if (await repo.roleNameTaken(tx, name)) throw unprocessable(ACCESS_MESSAGES.roleNameTaken)
    const role = await repo.insertRole(tx, { name, description, permissions })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.roleCreated,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { roleId: role.id, name, changes: changesOf({}, { name, description, permissions }) },
    })
    return { ...role, holders: 0 }
  })
}

export async function changeRole(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  body: ChangeRoleBody,
) {
  return ctx.db.transaction(async (tx) => {
    const role = await repo.findRole(tx, id)
    if (!role) throw noSuchRole()
    if (role.builtIn) throw builtInFixed()
    const next = {
      name: body.name === undefined ? role.name : cleanName(body.name),
      description:
        body.description === undefined ? role.description : cleanDescription(body.description),
      permissions:
        body.permissions === undefined ? role.permissions : canonicalPermissions(body.permissions),
    }
    const added = next.permissions.filter((p) => !role.permissions.includes(p))
    assertRoleCeiling(actor, added)
    if (next.name !== role.name && (await repo.roleNameTaken(tx, next.name, id)))
      throw unprocessable(ACCESS_MESSAGES.roleNameTaken)
    const changes = changesOf(
      { name: role.name, description: role.description, permissions: role.permissions },
      next,
    )
    if (Object.keys(changes).length === 0) return role
    const administratorId = await administratorRoleId(tx)
    const before = await administratorsNow(tx, administratorId)
    const row = await repo.updateRole(tx, id, next)
    if (changes.permissions) await repo.recomputeAccess(tx, await repo.roleHolderIds(tx, id))
    await assertAdministratorsRemain(tx, before, administratorId)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.roleUpdated,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { roleId: id, name: next.name, holders: role.holders, changes },
    })
    return { ...row!, holders: role.holders }
  })
}

export async function removeRole(ctx: UseCaseContext, actor: UserRow, id: string) {
  return ctx.db.transaction(async (tx) => {
    const role = await repo.findRole(tx, id)
    if (!role) throw noSuchRole()
    if (role.builtIn) throw builtInFixed()
    const administratorId = await administratorRoleId(tx)
    const before = await administratorsNow(tx, administratorId)
    const holders = await repo.roleHolderIds(tx, id)
    await repo.deleteRole(tx, id)
    await repo.recomputeAccess(tx, holders)
    await assertAdministratorsRemain(tx, before, administratorId)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.roleDeleted,
      outcome: 'success',
      actorUserId: actor.id,
      detail: {
        roleId: id,
        name: role.name,
        holders: holders.length,
        changes: changesOf(
          { name: role.name, permissions: role.permissions },
          { name: null, permissions: [] },
        ),
      },
    })
    return role
  })
}

// ---- groups

export const listGroups = (ctx: UseCaseContext) => repo.listGroups(ctx.db)

export async function getGroup(ctx: UseCaseContext, id: string) {
  const group = await repo.findGroup(ctx.db, id)
  if (!group) throw noSuchGroup()
  return group
}

export async function createGroup(ctx: UseCaseContext, actor: UserRow, body: CreateGroupBody) {
  const name = cleanName(body.name)
  const description = cleanDescription(body.description)
  return ctx.db.transaction(async (tx) => {
    if (await repo.groupNameTaken(tx, name)) throw unprocessable(ACCESS_MESSAGES.groupNameTaken)
    const group = await repo.insertGroup(tx, { name, description })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.groupCreated,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { groupId: group.id, name, changes: changesOf({}, { name, description }) },
    })
    return { ...group, members: 0 }
  })
}

export async function changeGroup(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  body: ChangeGroupBody,
) {
  return ctx.db.transaction(async (tx) => {
    const group = await repo.findGroup(tx, id)
    if (!group) throw noSuchGroup()
    const next = {
      name: body.name === undefined ? group.name : cleanName(body.name),
      description:
        body.description === undefined ? group.description : cleanDescription(body.description),
    }
    if (next.name !== group.name && (await repo.groupNameTaken(tx, next.name, id)))
      throw unprocessable(ACCESS_MESSAGES.groupNameTaken)
    const changes = changesOf({ name: group.name, description: group.description }, next)
    if (Object.keys(changes).length === 0) return group
    const row = await repo.updateGroup(tx, id, next)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.groupUpdated,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { groupId: id, name: next.name, changes },
    })
    return { ...row!, members: group.members }
  })
}

/** Deleting a group ends its memberships and the roles scoped to it. */
export async function removeGroup(ctx: UseCaseContext, actor: UserRow, id: string) {
  return ctx.db.transaction(async (tx) => {
    const group = await repo.findGroup(tx, id)
    if (!group) throw noSuchGroup()
    const { members, holders } = await repo.usersTiedToGroup(tx, id)
    await repo.loseTokenScope(tx, id, new Date())
    await repo.deleteGroup(tx, id)
    await repo.recomputeAccess(tx, holders)
    await repo.touchUsers(tx, members)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.groupDeleted,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { groupId: id, name: group.name, members: members.length, holders: holders.length },
    })
    return group
  })
}

export async function groupMembers(
  ctx: UseCaseContext,
  viewer: Viewer,
  groupId: string,
  query: MembersQuery,
) {
  const group = await repo.findGroup(ctx.db, groupId)
  if (!group) throw noSuchGroup()
  const limit = query.limit ?? 100
  const rows = await repo.groupMembersPage(ctx.db, groupId, usersSeenBy(viewer), query.after, limit)
  const members = rows.slice(0, limit)
  return { members, next: rows.length > limit ? (members.at(-1)?.id ?? null) : null }
}

/** Adds (or removes) users the actor may see to a group; the others are refused with why. */
export async function changeMembers(
  ctx: UseCaseContext,
  actor: UserRow,
  groupId: string,
  ids: readonly string[],
  add: boolean,
) {
  return ctx.db.transaction(async (tx) => {
    const group = await repo.findGroup(tx, groupId)
    if (!group) throw noSuchGroup()
    const seen = await lockUsersSeenBy(tx, actor, ids, 'users.read')
    const members = await repo.memberIdsAmong(tx, groupId, [...seen.keys()])
    const refused: { id: string; reason: string }[] = []
    const changed: string[] = []
    for (const id of ids) {
      if (!seen.has(id)) refused.push({ id, reason: 'no such user' })
      else if (add && members.has(id)) refused.push({ id, reason: 'already a member' })
      else if (!add && !members.has(id)) refused.push({ id, reason: 'not a member' })
      else changed.push(id)
    }
    if (changed.length > 0) {
      if (add) await repo.addMembers(tx, groupId, changed)
      else await repo.removeMembers(tx, groupId, changed)
      await repo.touchUsers(tx, changed)
      await recordAudit(tx, ctx.client, {
        action: add ? AuditAction.groupMembersAdded : AuditAction.groupMembersRemoved,
        outcome: 'success',
        actorUserId: actor.id,
        subjectUserId: changed.length === 1 ? changed[0] : null,
        detail: {
          groupId,
          name: group.name,
          users: changed.length,
          userIds: changed.slice(0, 100),
        },
      })
    }
    const after = await repo.findGroup(tx, groupId)
    return { group: after!, changed, refused }
  })
}

// ---- one user's access

/** The target, as `actor` may see it for access work, or 404. */
async function targetFor(tx: Db, actor: UserRow, id: string) {
  const target = (await lockUsersSeenBy(tx, actor, [id], 'users.read')).get(id)
  if (!target) throw noSuchUser()
  return target
}

export async function setUserRoles(
  ctx: UseCaseContext,
  actor: UserRow,
  targetId: string,
  assignments: readonly RoleAssignment[],
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const administratorId = await administratorRoleId(tx)
    const before = await administratorsNow(tx, administratorId)
    const target = await targetFor(tx, actor, targetId)
    const unique = [...new Map(assignments.map((a) => [`${a.roleId}|${a.groupId}`, a])).values()]
    const roleRows = await repo.findRolesByIds(
      tx,
      unique.map((a) => a.roleId),
    )
    const groupIds = [...new Set(unique.flatMap((a) => (a.groupId ? [a.groupId] : [])))]
    const groupRows = await repo.findGroupsByIds(tx, groupIds)
    const roleById = new Map(roleRows.map((r) => [r.id, r]))
    const groupById = new Map(groupRows.map((g) => [g.id, g]))
    for (const a of unique) {
      if (!roleById.has(a.roleId)) throw unprocessable(ACCESS_MESSAGES.noSuchRole)
      if (a.groupId && !groupById.has(a.groupId)) throw unprocessable(ACCESS_MESSAGES.noSuchGroup)
      if (a.groupId && !roleById.get(a.roleId)!.permissions.some(isScopable))
        throw unprocessable(ACCESS_MESSAGES.scopeNotUsers)
    }
    const current = await repo.userAssignments(tx, target.id)
    const key = (a: { roleId: string; groupId: string | null }) => `${a.roleId}|${a.groupId}`
    const had = new Set(current.map(key))
    for (const a of unique)
      if (!had.has(key(a)) && !mayGrant(actor, roleById.get(a.roleId)!.permissions, a.groupId))
        throw unprocessable(ACCESS_MESSAGES.grantRole)
    const describe = (a: { roleId: string; groupId: string | null }) => {
      const role =
        roleById.get(a.roleId)?.name ?? current.find((c) => c.roleId === a.roleId)?.roleName
      const group = a.groupId
        ? (groupById.get(a.groupId)?.name ??
          current.find((c) => c.groupId === a.groupId)?.groupName)
        : null
      return group ? `${role} for ${group}` : `${role}`
    }
    const changes = changesOf(
      { roles: current.map(describe).sort() },
      { roles: unique.map(describe).sort() },
    )
    if (Object.keys(changes).length === 0) return target
    await repo.setUserAssignments(tx, target.id, unique)
    await repo.recomputeAccess(tx, [target.id])
    await assertAdministratorsRemain(tx, before, administratorId)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.userRoles,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: target.id,
      detail: { changes },
    })
    return (await findUserById(tx, target.id)) ?? target
  })
}

export async function setUserGroups(
  ctx: UseCaseContext,
  actor: UserRow,
  targetId: string,
  groupIds: readonly string[],
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const target = await targetFor(tx, actor, targetId)
    const found = await repo.findGroupsByIds(tx, groupIds)
    if (found.length !== new Set(groupIds).size) throw unprocessable(ACCESS_MESSAGES.noSuchGroup)
    const current = await repo.userGroupIds(tx, target.id)
    const names = new Map(found.map((g) => [g.id, g.name]))
    const currentRows = await repo.findGroupsByIds(tx, current)
    for (const g of currentRows) names.set(g.id, g.name)
    const changes = changesOf(
      { groups: current.map((id) => names.get(id)).sort() },
      { groups: groupIds.map((id) => names.get(id)).sort() },
    )
    if (Object.keys(changes).length === 0) return target
    await repo.setUserGroups(tx, target.id, [...new Set(groupIds)])
    await repo.touchUsers(tx, [target.id])
    await recordAudit(tx, ctx.client, {
      action: AuditAction.userGroups,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: target.id,
      detail: { changes },
    })
    return (await findUserById(tx, target.id)) ?? target
  })
}

/** Each effective permission of the user with its sources, and what those sources are. */
export async function userAccess(
  ctx: UseCaseContext,
  viewer: Viewer,
  userId: string,
): Promise<UserAccess> {
  const user = await findUserSeenBy(ctx.db, viewer, userId, 'users.read')
  if (!user) throw noSuchUser()
  return accessOf(ctx.db, user)
}

async function accessOf(db: Db, user: UserRow): Promise<UserAccess> {
  const [assignments, groupIds] = await Promise.all([
    repo.userAssignments(db, user.id),
    repo.userGroupIds(db, user.id),
  ])
  const groupRows = await repo.findGroupsByIds(db, [
    ...new Set([...groupIds, ...Object.values(user.scopes).flat()]),
  ])
  const groupName = new Map(groupRows.map((g) => [g.id, g.name]))
  const permissions = user.permissions.map((permission) => {
    const sources: UserAccess['permissions'][number]['sources'] = []
    if (user.directPermissions.includes(permission)) sources.push({ kind: 'direct' })
    for (const a of assignments)
      if (a.permissions.includes(permission) && (a.groupId === null || isScopable(permission)))
        sources.push({
          kind: 'role',
          roleId: a.roleId,
          roleName: a.roleName,
          groupId: a.groupId,
          groupName: a.groupName,
        })
    const scoped = user.scopes[permission]
    return {
      permission,
      groups: scoped
        ? scoped.map((id) => ({ id, name: groupName.get(id) ?? 'a deleted group' }))
        : null,
      sources,
    }
  })
  return {
    userId: user.id,
    permissions,
    assignments: assignments.map(({ roleId, roleName, groupId, groupName }) => ({
      roleId,
      roleName,
      groupId,
      groupName,
    })),
    groups: groupIds
      .map((id) => ({ id, name: groupName.get(id) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    direct: canonicalPermissions(user.directPermissions),
  }
}

const nameOf = (user: Pick<UserRow, 'nameFirst' | 'nameLast' | 'email'>) =>
  `${user.nameFirst} ${user.nameLast}`.trim() || user.email

const words = (permission: Permission) => `${permission} (${permissionLabel(permission)})`

/**
 * "Can <user> <permission> on <target>?": yes or no, with the chain of reasons: where the
 * permission comes from, the group scope and whether the target is in it, the account's state.
 */
export async function explain(
  ctx: UseCaseContext,
  viewer: Viewer,
  query: ExplainQuery,
): Promise<Explanation> {
  const user = await findUserSeenBy(ctx.db, viewer, query.user, 'users.read')
  if (!user) throw noSuchUser()
  const access = await accessOf(ctx.db, user)
  const { permission } = query
  const who = nameOf(user)
  const reasons: string[] = []
  const held = access.permissions.find((p) => p.permission === permission)
  let allowed = Boolean(held)
  if (!held) reasons.push(`No role of ${who} and no direct grant includes ${words(permission)}.`)
  for (const source of held?.sources ?? []) {
    if (source.kind === 'direct')
      reasons.push(`${who} holds ${words(permission)} as a direct grant (an exception).`)
    else if (source.groupId)
      reasons.push(
        `${who} holds the ${source.roleName} role for group ${source.groupName}, which gives ${words(permission)} over its members only.`,
      )
    else
      reasons.push(
        `${who} holds the ${source.roleName} role, which gives ${words(permission)} everywhere.`,
      )
  }
  let targetName: string | undefined
  if (query.target) {
    const target = await findUserSeenBy(ctx.db, viewer, query.target, 'users.read')
    const service = target ? undefined : await findServiceById(ctx.db, query.target)
    if (!target && !service)
      throw new ApiError(ErrorCode.notFound, 'There is no such user or service.')
    if (target) {
      targetName = nameOf(target)
      if (!isScopable(permission))
        reasons.push(
          `${words(permission)} is not about users, so who ${targetName} is does not matter.`,
        )
      else if (!maySeeUser(user, target)) {
        allowed = false
        reasons.push(
          `${targetName} is an internal user, and external staff never see internal users.`,
        )
      } else if (held?.groups) {
        const inside = await repo.membershipsAmong(
          ctx.db,
          [target.id],
          held.groups.map((g) => g.id),
        )
        const memberOf = (inside.get(target.id) ?? []).map(
          (id) => held.groups!.find((g) => g.id === id)?.name ?? id,
        )
        if (memberOf.length > 0)
          reasons.push(`${targetName} is a member of ${memberOf.join(', ')}.`)
        else {
          allowed = false
          reasons.push(
            `${targetName} is not a member of ${held.groups.map((g) => g.name).join(' or ')}, so the role does not reach them.`,
          )
        }
      } else if (held) reasons.push(`${who} holds it over every user, ${targetName} included.`)
    } else if (service) {
      targetName = service.name
      if (!permission.startsWith('services.'))
        reasons.push(
          `${words(permission)} is not about services, so which service does not matter.`,
        )
      else
        reasons.push('Service permissions are never limited to a group: they reach every service.')
    }
  }
  if (user.disabledAt) {
    allowed = false
    reasons.push(`${who}'s account is disabled: they cannot sign in, so they can do nothing.`)
  } else if (user.lockedAt) {
    allowed = false
    reasons.push(`${who}'s account is locked: until staff unlock it they can do nothing.`)
  }
  const on = targetName ? ` on ${targetName}` : ''
  const answer = `${allowed ? 'Yes' : 'No'}: ${who} ${allowed ? 'can' : 'cannot'} ${permissionLabel(permission).toLowerCase()} (${permission})${on}.`
  return { allowed, answer, reasons }
}
