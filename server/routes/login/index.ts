import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { LoginBody, LoginResults, VerifyBody, VerifyResults } from '../../../schema/auth'
import { Success } from '../../../schema/envelope'
import { signIn, verifySignIn } from '../../use-cases/sign-in'
import { failures, useCaseContext, startSession } from '../context'

/** POST /v1/login and /v1/login/verify (DESIGN.md §4): the password step and the code step. */
const loginRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/v1/login',
    { schema: { body: LoginBody, response: { 200: Success(LoginResults), ...failures } } },
    async (request, reply) => {
      const outcome = await signIn(useCaseContext(app, request), request.body)
      if (outcome.kind === 'code-sent') {
        return {
          success: true as const,
          results: { mfaId: outcome.mfaId, user: { id: outcome.userId } },
        }
      }
      startSession(app, reply, outcome.session)
      const { userId } = outcome.session
      return { success: true as const, results: { user: { id: userId } } }
    },
  )

  app.post(
    '/v1/login/verify',
    { schema: { body: VerifyBody, response: { 200: Success(VerifyResults), ...failures } } },
    async (request, reply) => {
      const session = await verifySignIn(useCaseContext(app, request), request.body)
      startSession(app, reply, session)
      return { success: true as const, results: { user: { id: session.userId } } }
    },
  )
  done()
}

export default loginRoutes
