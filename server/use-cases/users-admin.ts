import { randomBytes } from 'node:crypto'
import type {
  AccessBody,
  BulkAction,
  BulkResults,
  InviteBody,
  UserAction,
} from '../../schema/users'
import type { UserRow, users } from '../db/schema/users'
import type { Db } from '../db/types'
import type { ResetReason } from '../domain/password-reset'
import { passwords } from '../domain/passwords'
import { ApiError, conflict, unprocessable } from '../errors'
import { ErrorCode } from '../../schema/errors'
import { recomputeAccess } from '../repos/access'
import { AuditAction, recordAudit } from '../repos/audit'
import { deletePasskeys } from '../repos/passkeys'
import { revokeUserSessions } from '../repos/sessions'
import {
  findUserById,
  findUserSeenBy,
  insertUser,
  isTaken,
  lockActiveAdmins,
  lockUsersSeenBy,
  updateUser,
} from '../repos/users'
import type { UseCaseContext } from './context'
import { queueResetLink, UNLOCKED } from './password-reset'
import { clearAccountCounters } from '../repos/sign-in-counters'
import { type Unlocked, unlockAccount } from './unlock'
import {
  assertMayGrant,
  canonicalPermissions,
  changesOf,
  internalOnly,
  isActiveAdmin,
  MESSAGES,
  mayManage,
  noSuchUser,
  REASONS,
} from './staff-rules'
import { isUniqueViolation } from './unique-violation'

/*
 * Users administration (docs/server-users.md): staff with users.write invite users, set their type
 * and permissions, lock, unlock, disable, enable, send reset links, require a password change and
 * remove passkeys, one user or many. Every change is audited with actor, subject and
 * `changes: {field: {before, after}}`; the users table's triggers carry it to other consoles.
 */

/** What a change did beyond the rows: sessions it ended (their streams end too) and mail to send. */
export interface StaffOutcome {
  endedSessions: string[]
}

type Change = Partial<typeof users.$inferInsert>

/** A planned action on one user: refused (with the short and the full reason), unchanged, or a change. */
type Plan =
  | { kind: 'refused'; reason: string; error: ApiError }
  | { kind: 'unchanged'; reason: string }
  | {
      kind: 'change'
      change: Change
      action: AuditAction
      changes: Record<string, { before: unknown; after: unknown }>
      endSessions?: boolean
      /** The failure counters go too: the account's and its known devices'. */
      clearCounters?: boolean
      mail?: ResetReason
      detail?: Record<string, unknown>
    }

type Action = UserAction | BulkAction

const refused = (reason: string, error: ApiError): Plan => ({ kind: 'refused', reason, error })

const isLocked = (user: UserRow, now: Date) =>
  user.lockedAt !== null || (user.lockedUntil?.getTime() ?? 0) > now.getTime()

/**
 * What `action` would do to `target`, given the active administrators (updated as a bulk action
 * goes, so that of many administrators locked together the last one is refused).
 */
function plan(
  action: Action,
  actor: UserRow,
  target: UserRow,
  admins: Set<string>,
  now: Date,
): Plan {
  const self = actor.id === target.id
  const lastAdmin = admins.has(target.id) && admins.size <= 1
  switch (action) {
    case 'lock':
      if (self) return refused(REASONS.self, unprocessable(MESSAGES.selfLock))
      if (target.lockedAt) return { kind: 'unchanged', reason: 'already locked' }
      if (lastAdmin) return refused(REASONS.lastAdmin, unprocessable(MESSAGES.lastAdmin))
      return {
        kind: 'change',
        change: { lockedAt: now, lockedUntil: null },
        action: AuditAction.accountLocked,
        changes: { locked: { before: false, after: true } },
        endSessions: true,
        detail: { by: 'staff' },
      }
    case 'unlock':
      if (!isLocked(target, now)) return { kind: 'unchanged', reason: 'not locked' }
      return {
        kind: 'change',
        change: UNLOCKED,
        clearCounters: true,
        action: AuditAction.unlocked,
        changes: target.lockedAt ? { locked: { before: true, after: false } } : {},
        mail: 'unlocked',
        detail: { wasLocked: target.lockedAt ? 'permanent' : 'temporary', resetLinkSent: true },
      }
    case 'disable':
      if (self) return refused(REASONS.self, unprocessable(MESSAGES.selfDisable))
      if (target.disabledAt) return { kind: 'unchanged', reason: 'already disabled' }
      if (lastAdmin) return refused(REASONS.lastAdmin, unprocessable(MESSAGES.lastAdmin))
      return {
        kind: 'change',
        change: { disabledAt: now },
        action: AuditAction.accountDisabled,
        changes: { disabled: { before: false, after: true } },
        endSessions: true,
      }
    case 'enable':
      if (!target.disabledAt) return { kind: 'unchanged', reason: 'not disabled' }
      return {
        kind: 'change',
        change: { disabledAt: null },
        action: AuditAction.accountEnabled,
        changes: { disabled: { before: true, after: false } },
      }
    case 'require-password-change':
      if (target.mustChangePassword) return { kind: 'unchanged', reason: 'already required' }
      return {
        kind: 'change',
        change: { mustChangePassword: true },
        action: AuditAction.userMustChangePassword,
        changes: { mustChangePassword: { before: false, after: true } },
      }
    case 'reset-link':
      return {
        kind: 'change',
        change: {},
        action: AuditAction.userResetLink,
        changes: {},
        mail: 'admin',
        detail: { resetLinkSent: true },
      }
    case 'revoke-sessions':
      // One's own sessions are ended on the Sessions screen, not by accident in a selection.
      if (self)
        return refused(REASONS.self, unprocessable('You cannot revoke your own sessions here.'))
      return {
        kind: 'change',
        change: {},
        action: AuditAction.userSessionsRevoked,
        changes: {},
        endSessions: true,
      }
  }
}

/** Applies a planned change in the transaction; answers the row as it now is. */
async function carryOut(
  tx: Db,
  ctx: UseCaseContext,
  actor: UserRow,
  target: UserRow,
  planned: Extract<Plan, { kind: 'change' }>,
  now: Date,
  ended: string[],
  mails: string[],
): Promise<UserRow> {
  const row =
    Object.keys(planned.change).length > 0
      ? ((await updateUser(tx, target.id, planned.change)) ?? target)
      : target
  if (planned.clearCounters) await clearAccountCounters(tx, target.id)
  const sessions = planned.endSessions ? await revokeUserSessions(tx, target.id) : []
  ended.push(...sessions)
  if (planned.mail) mails.push(await queueResetLink(tx, ctx, target, now, planned.mail))
  await recordAudit(tx, ctx.client, {
    action: planned.action,
    outcome: 'success',
    actorUserId: actor.id,
    subjectUserId: target.id,
    detail: {
      ...planned.detail,
      changes: planned.changes,
      ...(planned.endSessions ? { sessionsEnded: sessions.length } : {}),
    },
  })
  return row
}

/**
 * One single-user action (POST /v1/user/:id/<action>): 404 for no such user (an INTERNAL one, to
 * an EXTERNAL actor, is none), the guard rails' refusals (422); an action with nothing to do
 * (locking a locked account) answers the user as it is and records nothing.
 */
export async function actOnUser(
  ctx: UseCaseContext,
  actor: UserRow,
  targetId: string,
  action: UserAction,
): Promise<{ user: UserRow } & StaffOutcome> {
  const now = new Date()
  const ended: string[] = []
  const mails: string[] = []
  const user = await ctx.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx)
    const target = (await lockUsersSeenBy(tx, actor, [targetId])).get(targetId)
    if (!target) throw noSuchUser()
    const planned = plan(action, actor, target, admins, now)
    if (planned.kind === 'refused') throw planned.error
    if (planned.kind === 'unchanged') return target
    return carryOut(tx, ctx, actor, target, planned, now, ended, mails)
  })
  if (mails.length > 0) await ctx.outbox.deliverNow(mails)
  return { user, endedSessions: ended }
}

/**
 * A bulk action (POST /v1/users/<action>) in one transaction: each id is planned against the rows
 * as the earlier ones left them, refused with a short reason or changed. A failure rolls all of it
 * back, so the answer's `done` is exactly what was written.
 */
export async function actOnUsers(
  ctx: UseCaseContext,
  actor: UserRow,
  ids: readonly string[],
  action: BulkAction,
): Promise<BulkResults & StaffOutcome> {
  const now = new Date()
  const ended: string[] = []
  const mails: string[] = []
  const results = await ctx.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx)
    // Accounts hidden from the actor are refused as 'no such user', like ids that name nothing.
    const targets = await lockUsersSeenBy(tx, actor, ids)
    const done: string[] = []
    const refusedRows: BulkResults['refused'] = []
    for (const id of ids) {
      const target = targets.get(id)
      if (!target) {
        refusedRows.push({ id, reason: REASONS.noSuchUser })
        continue
      }
      const planned = plan(action, actor, target, admins, now)
      if (planned.kind !== 'change') {
        refusedRows.push({ id, reason: planned.reason })
        continue
      }
      const row = await carryOut(tx, ctx, actor, target, planned, now, ended, mails)
      if (!isActiveAdmin(row)) admins.delete(row.id)
      done.push(id)
    }
    return { done, refused: refusedRows }
  })
  if (mails.length > 0) await ctx.outbox.deliverNow(mails)
  return { ...results, endedSessions: ended }
}

/**
 * PUT /v1/user/:id/access: type and permissions. Nobody removes their own users.write, leaves no
 * active administrator, grants what they do not hold, or (as EXTERNAL staff) makes a user
 * INTERNAL; an INTERNAL user is no user at all to EXTERNAL staff (404).
 */
export async function changeAccess(
  ctx: UseCaseContext,
  actor: UserRow,
  targetId: string,
  body: AccessBody,
): Promise<UserRow> {
  // The permissions of the body are the direct grants (docs/access.md); roles add to them.
  const permissions = canonicalPermissions(body.permissions)
  return ctx.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx)
    const target = (await lockUsersSeenBy(tx, actor, [targetId])).get(targetId)
    if (!target) throw noSuchUser()
    if (!mayManage(actor, body)) throw internalOnly()
    const before = canonicalPermissions(target.directPermissions)
    if (
      JSON.stringify(before) !== JSON.stringify(permissions) &&
      !actor.permissions.includes('users.access')
    )
      throw new ApiError(ErrorCode.forbidden, MESSAGES.accessOnly)
    assertMayGrant(actor, before, permissions)
    const changes = changesOf(
      { type: target.type, permissions: before },
      { type: body.type, permissions },
    )
    if (Object.keys(changes).length === 0) return target
    await updateUser(tx, target.id, { type: body.type, directPermissions: permissions })
    await recomputeAccess(tx, [target.id])
    const row = (await findUserById(tx, target.id)) ?? target
    const keepsWrite = isActiveAdmin(row)
    if (actor.id === target.id && isActiveAdmin(target) && !isActiveAdmin(row)) {
      throw unprocessable(MESSAGES.selfWrite)
    }
    if (admins.has(target.id) && admins.size <= 1 && !keepsWrite) {
      throw unprocessable(MESSAGES.lastAdmin)
    }
    await recordAudit(tx, ctx.client, {
      action: AuditAction.userAccess,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: target.id,
      detail: { changes },
    })
    return row
  })
}

/** DELETE /v1/user/:id/passkeys: every passkey of the user goes; the trigger recounts them. */
export async function removeUserPasskeys(
  ctx: UseCaseContext,
  actor: UserRow,
  targetId: string,
): Promise<{ user: UserRow; removed: number }> {
  return ctx.db.transaction(async (tx) => {
    const target = (await lockUsersSeenBy(tx, actor, [targetId])).get(targetId)
    if (!target) throw noSuchUser()
    const removed = await deletePasskeys(tx, target.id)
    const user = (await findUserById(tx, target.id)) ?? target
    if (removed > 0) {
      await recordAudit(tx, ctx.client, {
        action: AuditAction.userPasskeysRemoved,
        outcome: 'success',
        actorUserId: actor.id,
        subjectUserId: target.id,
        detail: { removed, changes: { passkeys: { before: removed, after: 0 } } },
      })
    }
    return { user, removed }
  })
}

const takenMessage = (field: 'email' | 'phone') =>
  field === 'email'
    ? 'That email address is already used by another account.'
    : 'That phone number is already used by another account.'

/**
 * POST /v1/users: a new account with an unusable random password (nobody knows it), and an
 * invitation mail whose link (72 hours) lets its owner choose one. 409 when the address or phone
 * is taken.
 */
export async function inviteUser(
  ctx: UseCaseContext,
  actor: UserRow,
  body: InviteBody,
): Promise<UserRow> {
  if (!mayManage(actor, body)) throw internalOnly()
  // Staff who reach some groups only cannot make a user outside them (docs/access.md).
  if (actor.scopes['users.write'])
    throw new ApiError(ErrorCode.forbidden, MESSAGES.inviteEverywhere)
  const permissions = canonicalPermissions(body.permissions)
  if (permissions.length > 0 && !actor.permissions.includes('users.access'))
    throw new ApiError(ErrorCode.forbidden, MESSAGES.accessOnly)
  assertMayGrant(actor, [], permissions)
  const fields = {
    nameFirst: body.nameFirst.trim(),
    nameLast: body.nameLast.trim(),
    email: body.email.trim().toLowerCase(),
    phone: body.phone ? body.phone : null,
    type: body.type,
    // A new user has no roles yet: their direct grants are all they hold.
    permissions,
    directPermissions: permissions,
  }
  if (!fields.nameFirst || !fields.nameLast) {
    throw unprocessable('First and last name are both required.')
  }
  for (const field of ['email', 'phone'] as const) {
    const value = fields[field]
    if (value && (await isTaken(ctx.db, field, value, ''))) throw conflict(takenMessage(field))
  }
  const passwordHash = await passwords.hash(randomBytes(32).toString('base64url'))
  const now = new Date()
  try {
    const { user, messageId } = await ctx.db.transaction(async (tx) => {
      const row = await insertUser(tx, { ...fields, passwordHash, passwordChangedAt: now })
      const messageId = await queueResetLink(tx, ctx, row, now, 'invited')
      await recordAudit(tx, ctx.client, {
        action: AuditAction.userCreated,
        outcome: 'success',
        actorUserId: actor.id,
        subjectUserId: row.id,
        detail: { invited: true, changes: changesOf({}, fields) },
      })
      return { user: row, messageId }
    })
    await ctx.outbox.deliverNow([messageId])
    return user
  } catch (error) {
    // Two invitations of one address at once: the unique index decides, the loser gets 409.
    if (isUniqueViolation(error)) {
      throw conflict('That email address or phone number is already used by another account.')
    }
    throw error
  }
}

/** POST /v1/user/:id/unlock by staff: the unlock use case, for a user this actor may see. */
export async function unlockAsStaff(
  ctx: UseCaseContext,
  actor: UserRow,
  targetId: string,
): Promise<Unlocked> {
  if (!(await findUserSeenBy(ctx.db, actor, targetId, 'users.write'))) throw noSuchUser()
  return unlockAccount(ctx, targetId, actor.id)
}
