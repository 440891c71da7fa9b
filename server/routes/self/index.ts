import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Success } from '../../../schema/envelope'
import { SelfResults } from '../../../schema/user'
import { toSelfUser } from '../../presenters/user'
import { enrolmentGrace } from '../../use-cases/mfa-policy'
import { signInBefore } from '../../use-cases/self'
import { failures, useCaseContext, sessionAuth } from '../context'

/** GET /v1/self: the signed-in user, or 401. */
const selfRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/v1/self',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: Success(SelfResults), ...failures } },
    },
    async (request) => {
      const { user, session } = sessionAuth(request)
      const ctx = useCaseContext(app, request)
      const previous = await signInBefore(ctx, user, session)
      const grace = await enrolmentGrace(ctx, user)
      const self = toSelfUser(user, new Date(), app.config.passwordMaxAgeDays, previous, grace)
      return { success: true as const, results: { user: self } }
    },
  )
  done()
}

export default selfRoutes
