import { ErrorCode } from '../../schema/errors'
import type { TimelineQuery, TimelineResults } from '../../schema/users'
import { decodeListCursor, encodeListCursor } from '../domain/list-cursor'
import { maySeeUser, type Viewer } from '../domain/user-visibility'
import { ApiError } from '../errors'
import { auditAbout } from '../repos/audit'
import { findUserSeenBy } from '../repos/users'
import type { UseCaseContext } from './context'
import { noSuchUser } from './staff-rules'

export const TIMELINE_PAGE = 50

const badCursor = () =>
  new ApiError(ErrorCode.validation, 'The cursor is not one this server gave out.')

/**
 * GET /v1/user/:id/timeline: what the audit log says about the user, newest first, keyset-paged on
 * (at, id) so that a page is as fast at the millionth row as at the first. A user hidden from
 * `viewer` is no user (404); an actor hidden from it is told as no one (null).
 */
export async function userTimeline(
  ctx: UseCaseContext,
  viewer: Viewer,
  userId: string,
  query: TimelineQuery,
): Promise<TimelineResults> {
  const limit = query.limit ?? TIMELINE_PAGE
  const position = query.before === undefined ? null : decodeListCursor(query.before)
  const at = position ? new Date(position.value) : null
  if (position === undefined || (at && Number.isNaN(at.getTime()))) throw badCursor()
  if (!(await findUserSeenBy(ctx.db, viewer, userId))) throw noSuchUser()
  const rows = await auditAbout(
    ctx.db,
    userId,
    position && at ? { at, id: position.id } : null,
    limit,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    events: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      outcome: row.outcome,
      actor:
        row.actorId && (row.actorType === null || maySeeUser(viewer, { type: row.actorType }))
          ? {
              id: row.actorId,
              nameFirst: row.actorNameFirst,
              nameLast: row.actorNameLast,
              email: row.actorEmail,
            }
          : null,
      ip: row.ip,
      userAgent: row.userAgent,
      detail: row.detail,
    })),
    cursor:
      rows.length > limit && last
        ? encodeListCursor({ value: last.at.toISOString(), id: last.id })
        : null,
  }
}
