import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '../../../schema/common'
import { Ok } from '../../../schema/envelope'
import { clearSessionCookie } from '../../auth/cookie'
import { signInsOf } from '../../use-cases/oidc-interaction'
import { revokeOneSession, revokeSessionsOf, sessionPage } from '../../use-cases/sessions'
import { failures, useCaseContext } from '../context'
import { RevokeAllAnswer, SessionListAnswer, SessionListBody } from './schema'

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
      const page = await sessionPage(useCaseContext(app, request), request.auth!.user, request.body)
      return {
        success: true as const,
        results: { nodes: page.nodes, batchInfo: { cursor: page.cursor } },
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
      const ctx = useCaseContext(app, request)
      const signIns = await signInsOf(ctx, { sessionIds: [id] })
      await revokeOneSession(ctx, request.auth!.user, id)
      app.eventStreams.end([id])
      // The services it signed into lose their tokens and hear of it (back-channel logout).
      await app.oidc.endSignIns(signIns, request.client)
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
      const ctx = useCaseContext(app, request)
      const signIns = await signInsOf(ctx, { userId: request.params.id })
      const ids = await revokeSessionsOf(ctx, request.auth!.user, request.params.id)
      app.eventStreams.end(ids)
      await app.oidc.endSignIns(signIns, request.client)
      if (request.auth!.sessionId && ids.includes(request.auth!.sessionId))
        clearSessionCookie(reply, app.config)
      return { success: true as const, results: { count: ids.length } }
    },
  )
  done()
}

export default sessionRoutes
