import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '../../../schema/common'
import { Ok } from '../../../schema/envelope'
import { ErrorCode } from '../../../schema/errors'
import { SYNC_BATCH_MAX, SYNC_DONE } from '../../../schema/sync'
import { clearSessionCookie } from '../../auth/cookie'
import { decodeListCursor, encodeListCursor } from '../../domain/list-cursor'
import { ApiError } from '../../errors'
import { AuditAction } from '../../repos/audit'
import { listSessions } from '../../repos/session-list'
import { revokeSession, revokeUserSessions } from '../../repos/session-revoke'
import { findUserById } from '../../repos/users'
import { failures } from '../context'
import { RevokeAllAnswer, SessionListAnswer, SessionListBody } from './schema'

const badCursor = () =>
  new ApiError(ErrorCode.validation, 'The cursor is not one this server gave out.')

/**
 * The Sessions list and revocation. A revoked session's row is gone, so its cookie is dead at once;
 * revoking one's own session also clears the cookie here, which signs this console out.
 */
const sessionRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/v1/sessions',
    {
      preHandler: app.requirePermission('sessions.read'),
      schema: { body: SessionListBody, response: { 200: SessionListAnswer, ...failures } },
    },
    async (request) => {
      const { cursor = null, batchSize = SYNC_BATCH_MAX } = request.body.pagination ?? {}
      const position = cursor === null ? null : decodeListCursor(cursor)
      const expires = position ? new Date(position.value) : null
      if (position === undefined || (expires && Number.isNaN(expires.getTime()))) throw badCursor()
      const after = position && expires ? { expires, id: position.id } : null
      const rows = await listSessions(app.db, request.body.filters ?? {}, after, batchSize)
      const nodes = rows.slice(0, batchSize)
      const last = nodes.at(-1)
      const more = rows.length > batchSize && last
      return {
        success: true as const,
        results: {
          nodes,
          batchInfo: {
            cursor: more ? encodeListCursor({ value: last.expires, id: last.id }) : SYNC_DONE,
          },
        },
      }
    },
  )

  app.delete(
    '/v1/session/:id',
    {
      preHandler: app.requirePermission('sessions.revoke'),
      schema: { params: IdParams, response: { 200: Ok, ...failures } },
    },
    async (request, reply) => {
      const { id } = request.params
      await app.db.transaction(async (tx) => {
        const revoked = await revokeSession(tx, id)
        if (!revoked) throw new ApiError(ErrorCode.notFound, 'There is no such session.')
        const entry = { action: AuditAction.sessionRevoked, outcome: 'success' as const }
        await app.audit(
          request,
          { ...entry, subjectUserId: revoked.userId, detail: { sessionId: id } },
          tx,
        )
      })
      app.eventStreams.end([id])
      if (id === request.auth!.sessionId) clearSessionCookie(reply, app.config)
      return { success: true as const }
    },
  )

  app.delete(
    '/v1/user/:id/sessions',
    {
      preHandler: app.requirePermission('sessions.revoke'),
      schema: { params: IdParams, response: { 200: RevokeAllAnswer, ...failures } },
    },
    async (request, reply) => {
      const userId = request.params.id
      const ids = await app.db.transaction(async (tx) => {
        if (!(await findUserById(tx, userId)))
          throw new ApiError(ErrorCode.notFound, 'There is no such user.')
        const revoked = await revokeUserSessions(tx, userId)
        const entry = { action: AuditAction.userSessionsRevoked, outcome: 'success' as const }
        await app.audit(
          request,
          { ...entry, subjectUserId: userId, detail: { count: revoked.length } },
          tx,
        )
        return revoked
      })
      app.eventStreams.end(ids)
      if (ids.includes(request.auth!.sessionId)) clearSessionCookie(reply, app.config)
      return { success: true as const, results: { count: ids.length } }
    },
  )
  done()
}

export default sessionRoutes
