import type { UserRow, users } from '../db/schema/users'
import type { Db } from '../db/types'
import { ScimError } from '../domain/scim-errors'
import { parseScimFilter } from '../domain/scim-filter'
import { applyUserPatch } from '../domain/scim-patch'
import { toScimUser, userVersion } from '../presenters/scim'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  countUsers,
  lockUserSeenBy,
  takenUserField,
  type UniqueField,
  usersPage,
} from '../repos/scim'
import { userFilterSql, userSortSql } from '../repos/scim-filter-sql'
import { revokeUserSessions } from '../repos/sessions'
import { findUserSeenBy, lockActiveAdmins, updateUser } from '../repos/users'
import type { UseCaseContext } from './context'
import { assertUsersWrite, assertVersion, isId, type ListQuery, paging } from './scim-common'
import { readScimUser, type ScimUserFields, userTypesOf } from './scim-user-input'
import { changesOf, MESSAGES, mayManage } from './staff-rules'
import { isUniqueViolation } from './unique-violation'

/*
 * SCIM Users (docs/scim.md): the console's rules for inviting, editing, disabling and enabling
 * users, as a provisioning client asks for them. Every change is audited with detail.source
 * 'scim' (and the token, through recordAudit). DELETE disables: Gatehouse never hard-deletes people.
 */

/** What a change did beyond its row: sessions it ended, and mail to deliver once committed. */
export interface ScimUserOutcome {
  user: UserRow
  endedSessions: string[]
  mails: string[]
}

export const scimBase = (ctx: Pick<UseCaseContext, 'config'>) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}/scim/v2`

const noSuchUser = (id: string) => new ScimError(404, `There is no user ${id}.`)
/** detail.source of every audit row SCIM writes. */
export const SOURCE = 'scim'

export const uniqueness = (field: UniqueField | undefined) =>
  new ScimError(
    409,
    field === 'phone'
      ? 'That phone number is already used by another account.'
      : field === 'externalId'
        ? 'That externalId is already used by another user.'
        : field === 'email'
          ? 'That userName (email address) is already used by another account.'
          : 'That userName, phone number or externalId is already used by another account.',
    'uniqueness',
  )

/** A unique index that decided a race is the same 409 as the check before it. */
export async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueness(undefined)
    throw error
  }
}

export async function listScimUsers(ctx: UseCaseContext, actor: UserRow, query: ListQuery) {
  assertUsersWrite(actor)
  const { startIndex, count } = paging(query)
  const filter = query.filter ? userFilterSql(parseScimFilter(query.filter, 'User')) : undefined
  const order = userSortSql(query.sortBy, query.sortOrder)
  const rows = await usersPage(ctx.db, actor, filter, order, startIndex - 1, count)
  const total = await countUsers(ctx.db, actor, filter)
  return { rows, total, startIndex }
}

export async function getScimUser(ctx: UseCaseContext, actor: UserRow, id: string) {
  assertUsersWrite(actor)
  const row = isId(id) ? await findUserSeenBy(ctx.db, actor, id, 'users.write') : undefined
  if (!row) throw noSuchUser(id)
  return row
}

type Change = Partial<typeof users.$inferInsert>

/** Writes `fields` over `target` (locked) as the console's edits would; audits each kind of change. */
async function writeUser(
  tx: Db,
  ctx: UseCaseContext,
  actor: UserRow,
  target: UserRow,
  fields: Omit<ScimUserFields, 'sendInvitation'>,
): Promise<ScimUserOutcome> {
  const now = new Date()
  const type = fields.type ?? target.type
  const profile = {
    nameFirst: fields.nameFirst,
    nameLast: fields.nameLast,
    email: fields.email,
    phone: fields.phone,
    externalId: fields.externalId,
  }
  const changes = changesOf(
    {
      nameFirst: target.nameFirst,
      nameLast: target.nameLast,
      email: target.email,
      phone: target.phone,
      externalId: target.externalId,
    },
    profile,
  )
  const wasActive = target.disabledAt === null
  const active = fields.active ?? wasActive
  const unchanged = { user: target, endedSessions: [], mails: [] }
  if (Object.keys(changes).length === 0 && type === target.type && active === wasActive)
    return unchanged
  if (target.id === actor.id)
    throw new ScimError(403, "An API token never changes its creator's own account.")
  if (!mayManage(actor, { type }))
    throw new ScimError(403, 'Only internal staff can make a user internal.')
  if (target.use2fa && !profile.phone)
    throw new ScimError(
      400,
      'This user receives sign-in codes by phone; the phone number cannot be removed.',
      'invalidValue',
    )
  const taken = await takenUserField(tx, profile, target.id)
  if (taken) throw uniqueness(taken)
  const change: Change = { ...profile, type }
  // Staff's new address waits for its owner; the provisioning client is the source of truth.
  if (profile.email !== target.email) change.pendingEmail = null
  if (active !== wasActive) {
    if (!active) {
      const admins = await lockActiveAdmins(tx)
      if (admins.has(target.id) && admins.size <= 1)
        throw new ScimError(400, MESSAGES.lastAdmin, 'invalidValue')
    }
    change.disabledAt = active ? null : now
  }
  const row = (await updateUser(tx, target.id, change)) ?? target
  const ended = active || wasActive === active ? [] : await revokeUserSessions(tx, target.id)
  const audit = (action: AuditAction, detail: Record<string, unknown>) =>
    recordAudit(tx, ctx.client, {
      action,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: target.id,
      detail: { source: SOURCE, ...detail },
    })
  if (Object.keys(changes).length > 0)
    await audit(AuditAction.userUpdated, { field: 'profile', changes })
  if (type !== target.type)
    await audit(AuditAction.userAccess, { changes: { type: { before: target.type, after: type } } })
  if (active !== wasActive)
    await audit(active ? AuditAction.accountEnabled : AuditAction.accountDisabled, {
      changes: { disabled: { before: wasActive, after: !active } },
      ...(active ? {} : { sessionsEnded: ended.length }),
    })
  return { user: row, endedSessions: ended, mails: [] }
}

/** PUT, PATCH and DELETE: the target locked, its version checked, then `produce`'s fields written. */
async function changeScimUser(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  ifMatch: string | undefined,
  produce: (target: UserRow) => Omit<ScimUserFields, 'sendInvitation'>,
): Promise<ScimUserOutcome> {
  assertUsersWrite(actor)
  if (!isId(id)) throw noSuchUser(id)
  return uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const target = await lockUserSeenBy(tx, actor, id)
      if (!target) throw noSuchUser(id)
      assertVersion(ifMatch, userVersion(target))
      return writeUser(tx, ctx, actor, target, produce(target))
    }),
  )
}

const idOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'id' in body ? body.id : undefined

/** PUT /Users/:id: the body replaces the user; read-only attributes are ignored, but not another id. */
export function replaceScimUser(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  body: unknown,
  ifMatch?: string,
) {
  assertUsersWrite(actor)
  const fields = readScimUser(body)
  const bodyId = idOf(body)
  if (bodyId !== undefined && bodyId !== id)
    throw new ScimError(
      400,
      'The id in the body is not the id in the path; id is read-only.',
      'mutability',
    )
  return changeScimUser(ctx, actor, id, ifMatch, () => fields)
}

/** PATCH /Users/:id: RFC 7644 §3.5.2 operations applied to the user as SCIM shows it. */
export function patchScimUser(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  body: unknown,
  ifMatch?: string,
) {
  const base = scimBase(ctx)
  return changeScimUser(ctx, actor, id, ifMatch, (target) => {
    const patched = applyUserPatch(toScimUser(target, base), body)
    if (patched.id !== target.id) throw new ScimError(400, 'id is read-only.', 'mutability')
    const type = userTypesOf(patched).find((t) => t !== undefined && t !== target.type)
    return { ...readScimUser(patched), type: type ?? target.type }
  })
}

/** DELETE /Users/:id: the user is disabled (sessions ended), never deleted; GET still shows it. */
export function deleteScimUser(ctx: UseCaseContext, actor: UserRow, id: string, ifMatch?: string) {
  return changeScimUser(ctx, actor, id, ifMatch, (target) => ({
    email: target.email,
    nameFirst: target.nameFirst,
    nameLast: target.nameLast,
    phone: target.phone,
    externalId: target.externalId,
    type: target.type,
    active: false,
  }))
}
