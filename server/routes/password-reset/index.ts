import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Ok, Success } from '../../../schema/envelope'
import {
  PasswordResetBody,
  ResetRequestParams,
  ResetSlugParams,
  ResetTokenResults,
} from '../../../schema/reset'
import { checkResetLink, requestPasswordReset, resetPassword } from '../../use-cases/password-reset'
import { failures, useCaseContext } from '../context'

/**
 * The signed-out password reset (SPEC.md §7, paths as written there under /v1): ask for a link,
 * look a link up, set the new password with it.
 */
const passwordResetRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/v1/passwordReset/:email',
    { schema: { params: ResetRequestParams, response: { 200: Ok, ...failures } } },
    async (request) => {
      await requestPasswordReset(useCaseContext(app, request), request.params.email)
      return { success: true as const }
    },
  )
  app.get(
    '/v1/resettoken/:slug',
    {
      schema: {
        params: ResetSlugParams,
        response: { 200: Success(ResetTokenResults), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      results: await checkResetLink(useCaseContext(app, request), request.params.slug),
    }),
  )
  app.put(
    '/v1/passwordreset/:slug',
    {
      schema: {
        params: ResetSlugParams,
        body: PasswordResetBody,
        response: { 200: Ok, ...failures },
      },
    },
    async (request) => {
      await resetPassword(useCaseContext(app, request), request.params.slug, request.body)
      // The reset ended every session of the user; their event streams end with them.
      await app.eventStreams.recheck()
      return { success: true as const }
    },
  )
  done()
}

export default passwordResetRoutes
