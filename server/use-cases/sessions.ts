import { ErrorCode } from '../../schema/errors'
import type { Session } from '../../schema/session'
import { SYNC_BATCH_MAX, SYNC_DONE } from '../../schema/sync'
import { decodeListCursor, encodeListCursor } from '../domain/list-cursor'
import { ApiError } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  type SessionFilters,
  deleteSession,
  listSessions,
  revokeSession,
  revokeUserSessions,
} from '../repos/sessions'
import { findUserSeenBy } from '../repos/users'
import type { Viewer } from '../domain/user-visibility'
import type { UseCaseContext } from './context'

const badCursor = () =>
  new ApiError(ErrorCode.validation, 'The cursor is not one this server gave out.')

export interface SessionPageRequest {
  pagination?: { cursor?: string | null; batchSize?: number }
  filters?: SessionFilters
}

/**
 * One page of the Sessions list (POST /v1/sessions) and the cursor of the next, 'DONE' after the
 * last page: the sessions of the users `viewer` may see. A cursor this server did not give out is
 * a 1001.
 */
export async function sessionPage(
  ctx: UseCaseContext,
  viewer: Viewer,
  body: SessionPageRequest,
): Promise<{ nodes: Session[]; cursor: string }> {
  const { cursor = null, batchSize = SYNC_BATCH_MAX } = body.pagination ?? {}
  const position = cursor === null ? null : decodeListCursor(cursor)
  const expires = position ? new Date(position.value) : null
  if (position === undefined || (expires && Number.isNaN(expires.getTime()))) throw badCursor()
  const after = position && expires ? { expires, id: position.id } : null
  const rows = await listSessions(ctx.db, viewer, body.filters ?? {}, after, batchSize)
  const nodes = rows.slice(0, batchSize)
  const last = nodes.at(-1)
  const more = rows.length > batchSize && last
  return {
    nodes,
    cursor: more ? encodeListCursor({ value: last.expires, id: last.id }) : SYNC_DONE,
  }
}

/**
 * Revokes one session (DELETE /v1/session/:id): the row goes with its audit row; 404 if none, or
 * if it is a session of a user the actor may not see.
 */
export async function revokeOneSession(
  ctx: UseCaseContext,
  actor: Viewer & { id: string },
  id: string,
) {
  await ctx.db.transaction(async (tx) => {
    const revoked = await revokeSession(tx, actor, id)
    if (!revoked) throw new ApiError(ErrorCode.notFound, 'There is no such session.')
    await recordAudit(tx, ctx.client, {
      action: AuditAction.sessionRevoked,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: revoked.userId,
      detail: { sessionId: id },
    })
  })
}

/**
 * Revokes every session of a user (DELETE /v1/user/:id/sessions) and answers the ids that went;
 * 404 when there is no such user, or none the actor may see.
 */
export async function revokeSessionsOf(
  ctx: UseCaseContext,
  actor: Viewer & { id: string },
  userId: string,
): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findUserSeenBy(tx, actor, userId, 'sessions.revoke')))
      throw new ApiError(ErrorCode.notFound, 'There is no such user.')
    const revoked = await revokeUserSessions(tx, userId)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.userSessionsRevoked,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: userId,
      detail: { count: revoked.length },
    })
    return revoked
  })
}

/** Ends the caller's own session (POST /v1/logout): the row goes, so the token is dead everywhere. */
export async function signOut(ctx: UseCaseContext, userId: string, sessionId: string) {
  await ctx.db.transaction(async (tx) => {
    await deleteSession(tx, sessionId)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.logout,
      outcome: 'success',
      actorUserId: userId,
      subjectUserId: userId,
    })
  })
}
