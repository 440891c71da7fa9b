import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Ok } from '../../../schema/envelope'
import { clearSessionCookie } from '../../auth/cookie'
import { signInsOf } from '../../use-cases/oidc-interaction'
import { signOut } from '../../use-cases/sessions'
import { failures, useCaseContext } from '../context'

/** POST /v1/logout: ends this session (the row goes, so the token is dead everywhere). */
const logoutRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/v1/logout',
    { schema: { response: { 200: Ok, ...failures } } },
    async (request, reply) => {
      const auth = request.auth
      if (auth && !auth.token) {
        const ctx = useCaseContext(app, request)
        const signIns = await signInsOf(ctx, { sessionIds: [auth.sessionId] })
        await signOut(ctx, auth.user.id, auth.sessionId)
        app.eventStreams.end([auth.sessionId])
        await app.oidc.endSignIns(signIns, request.client)
      }
      clearSessionCookie(reply, app.config)
      return { success: true as const }
    },
  )
  done()
}

export default logoutRoutes
