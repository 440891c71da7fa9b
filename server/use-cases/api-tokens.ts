import { randomBytes } from 'node:crypto'
import {
  ACCESS_LIMITS,
  ACCESS_MESSAGES,
  type ApiToken,
  type CreateTokenBody,
} from '../../schema/access'
import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { effectiveAccess, mayGrant, narrowAccess } from '../domain/access'
import { hashToken } from '../domain/tokens'
import { ApiError, unprocessable } from '../errors'
import * as repo from '../repos/access'
import { AuditAction, recordAudit } from '../repos/audit'
import { findUserById } from '../repos/users'
import type { UseCaseContext } from './context'
import { canonicalPermissions } from './staff-rules'

/*
 * API tokens (docs/access.md): for scripts, created by a signed-in person, carrying roles or
 * permissions never beyond the creator's, optionally for one group's users, with a required expiry
 * of at most a year. Only the SHA-256 is kept; the secret is shown once. At each use the token's
 * access is narrowed to what its creator holds then, and a locked or disabled creator's tokens do
 * nothing.
 */

const DAY = 24 * 60 * 60 * 1000
const noSuchToken = () => new ApiError(ErrorCode.notFound, ACCESS_MESSAGES.noSuchToken)

/** What a request made with a token knows of it. */
export interface TokenIdentity {
  id: string
  name: string
  createdBy: string
}

export async function presentTokens(db: Db, rows: repo.ApiTokenRow[]): Promise<ApiToken[]> {
  const roleIds = [...new Set(rows.flatMap((row) => row.roleIds))]
  const groupIds = [...new Set(rows.flatMap((row) => (row.groupId ? [row.groupId] : [])))]
  const creators = [...new Set(rows.map((row) => row.createdBy))]
  const [roles, groups, people] = await Promise.all([
    repo.findRolesByIds(db, roleIds),
    repo.findGroupsByIds(db, groupIds),
    Promise.all(creators.map((id) => findUserById(db, id))),
  ])
  const roleName = new Map(roles.map((r) => [r.id, r.name]))
  const groupName = new Map(groups.map((g) => [g.id, g.name]))
  const personName = new Map(
    people.flatMap((p) => (p ? [[p.id, `${p.nameFirst} ${p.nameLast}`.trim() || p.email]] : [])),
  )
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    roles: row.roleIds.flatMap((id) => (roleName.has(id) ? [{ id, name: roleName.get(id)! }] : [])),
    permissions: row.permissions,
    group: row.groupId ? { id: row.groupId, name: groupName.get(row.groupId) ?? '' } : null,
    createdBy: { id: row.createdBy, name: personName.get(row.createdBy) ?? '' },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: row.lastUsedFrom,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }))
}

export async function listTokens(ctx: UseCaseContext, actor: UserRow): Promise<ApiToken[]> {
  return presentTokens(ctx.db, await repo.tokensOf(ctx.db, actor.id))
}

export async function getToken(ctx: UseCaseContext, actor: UserRow, id: string): Promise<ApiToken> {
  const row = await repo.findToken(ctx.db, id)
  if (!row || row.createdBy !== actor.id) throw noSuchToken()
  return (await presentTokens(ctx.db, [row]))[0]!
}

export async function createToken(
  ctx: UseCaseContext,
  actor: UserRow,
  body: CreateTokenBody,
  now = new Date(),
): Promise<{ token: ApiToken; secret: string }> {
  const name = body.name.trim()
  // eslint-disable-next-line no-control-regex
  if (name === '' || /[\u0000-\u001f\u007f]/.test(name))
    throw unprocessable('Enter a name without control characters.')
  const expiresAt = new Date(body.expiresAt)
  if (
    !(expiresAt.getTime() > now.getTime()) ||
    expiresAt.getTime() > now.getTime() + ACCESS_LIMITS.tokenDaysMax * DAY
  )
    throw unprocessable(ACCESS_MESSAGES.tokenExpiry)
  const permissions = canonicalPermissions(body.permissions)
  if (body.roles.length === 0 && permissions.length === 0)
    throw unprocessable(ACCESS_MESSAGES.tokenEmpty)
  return ctx.db.transaction(async (tx) => {
    const roles = await repo.findRolesByIds(tx, body.roles)
    if (roles.length !== body.roles.length) throw unprocessable(ACCESS_MESSAGES.noSuchRole)
    if (body.groupId && (await repo.findGroupsByIds(tx, [body.groupId])).length === 0)
      throw unprocessable(ACCESS_MESSAGES.noSuchGroup)
    const carried = [...permissions, ...roles.flatMap((role) => role.permissions)]
    if (!mayGrant(actor, carried, body.groupId)) throw unprocessable(ACCESS_MESSAGES.tokenCeiling)
    const secret = `gh_${randomBytes(32).toString('base64url')}`
    const row = await repo.insertToken(tx, {
      name,
      prefix: secret.slice(0, 7),
      tokenHash: hashToken(secret),
      createdBy: actor.id,
      roleIds: roles.map((role) => role.id),
      permissions,
      groupId: body.groupId,
      expiresAt,
      createdAt: now,
    })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.tokenCreated,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: actor.id,
      detail: {
        tokenId: row.id,
        name,
        roles: roles.map((role) => role.name),
        permissions,
        groupId: body.groupId,
        expiresAt: expiresAt.toISOString(),
      },
    })
    return { token: (await presentTokens(tx, [row]))[0]!, secret }
  })
}

export async function revokeToken(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
): Promise<ApiToken> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findToken(tx, id)
    if (!row || row.createdBy !== actor.id) throw noSuchToken()
    const revoked = (await repo.revokeToken(tx, id, new Date())) ?? row
    if (!row.revokedAt)
      await recordAudit(tx, ctx.client, {
        action: AuditAction.tokenRevoked,
        outcome: 'success',
        actorUserId: actor.id,
        subjectUserId: actor.id,
        detail: { tokenId: id, name: row.name },
      })
    return (await presentTokens(tx, [revoked]))[0]!
  })
}

/**
 * The access of a request that shows this secret: its creator's row with the token's permissions
 * and scopes in place of theirs, or null for a secret that names no live token (unknown, expired,
 * revoked, or its creator locked or disabled).
 */
export async function resumeToken(
  db: Db,
  secret: string,
  from: string,
  now = new Date(),
): Promise<{ user: UserRow; token: TokenIdentity } | null> {
  if (!secret.startsWith('gh_') || secret.length > 200) return null
  const found = await repo.liveTokenByHash(db, hashToken(secret), now)
  if (!found) return null
  const { token, user } = found
  if (user.lockedAt || user.disabledAt || token.scopeLost) return null
  const roles = await repo.findRolesByIds(db, token.roleIds)
  const wanted = effectiveAccess(
    token.permissions,
    roles.map((role) => ({ permissions: role.permissions, groupId: null })),
  )
  const narrowed = narrowAccess(user, wanted, token.groupId)
  // Last use is written at most once a minute: the row just read says whether it is due.
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= 60_000)
    await repo.touchToken(db, token.id, now, from)
  return {
    user: { ...user, permissions: narrowed.permissions, scopes: narrowed.scopes },
    token: { id: token.id, name: token.name, createdBy: token.createdBy },
  }
}
