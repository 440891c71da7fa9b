import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Success } from '../../../schema/envelope'
import {
  BulkActionParams,
  BulkBody,
  BulkResults,
  EmailVerificationParams,
  EmailVerificationResults,
  InviteBody,
  UserAnswer,
} from '../../../schema/users'
import { toUser } from '../../presenters/user'
import { verifyEmail } from '../../use-cases/email-verification'
import { actOnUsers, inviteUser } from '../../use-cases/users-admin'
import { failures, useCaseContext } from '../context'

/**
 * POST /v1/users (invite), POST /v1/users/:action (bulk), both users.write, and the address
 * confirmation link's POST /v1/email-verification/:token, which needs no sign-in.
 */
const usersRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const write = app.requirePermission('users.write')

  app.post(
    '/v1/users',
    {
      preValidation: write,
      schema: { body: InviteBody, response: { 200: Success(UserAnswer), ...failures } },
    },
    async (request) => {
      const user = await inviteUser(useCaseContext(app, request), request.auth!.user, request.body)
      return { success: true as const, results: { user: toUser(user) } }
    },
  )

  app.post(
    '/v1/users/:action',
    {
      preValidation: write,
      schema: {
        params: BulkActionParams,
        body: BulkBody,
        response: { 200: Success(BulkResults), ...failures },
      },
    },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const {
        done: changed,
        refused,
        endedSessions,
      } = await actOnUsers(ctx, request.auth!.user, request.body.ids, request.params.action)
      app.eventStreams.end(endedSessions)
      return { success: true as const, results: { done: changed, refused } }
    },
  )

  app.post(
    '/v1/email-verification/:token',
    {
      schema: {
        params: EmailVerificationParams,
        response: { 200: Success(EmailVerificationResults), ...failures },
      },
    },
    async (request) => {
      const results = await verifyEmail(useCaseContext(app, request), request.params.token)
      return { success: true as const, results }
    },
  )
  done()
}

export default usersRoutes
