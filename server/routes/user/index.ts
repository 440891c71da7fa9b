import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Ok, Success } from '../../../schema/envelope'
import { ErrorCode } from '../../../schema/errors'
import { PasswordChangeBody } from '../../../schema/password'
import {
  EmailBody,
  MfaBody,
  NameBody,
  PhoneBody,
  UserIdParams,
  UserResults,
} from '../../../schema/user'
import { ApiError } from '../../errors'
import { changePassword } from '../../use-cases/password-change'
import {
  changeEmail,
  changeMfa,
  changeName,
  changePhone,
  type Editor,
} from '../../use-cases/profile'
import { toUser } from '../../presenters/user'
import { failures, useCaseContext, sessionAuth } from '../context'
import userAdminRoutes from './admin'
import unlockRoutes from './unlock'

/** The signed-in user (authenticate ran first) editing the user of the path. */
const editor = (request: Pick<FastifyRequest, 'auth'> & { params: { id: string } }): Editor => ({
  actor: request.auth!.user,
  targetId: request.params.id,
})

const answer = { response: { 200: Success(UserResults), ...failures } }

/** PUT /v1/user/:id/{name,email,phone,mfa,password}: profile changes, each answering results.user. */
const userRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const opts = { preHandler: app.authenticate }
  const userAnswer = (row: Parameters<typeof toUser>[0]) => ({
    success: true as const,
    results: { user: toUser(row) },
  })

  app.put(
    '/v1/user/:id/name',
    { ...opts, schema: { params: UserIdParams, body: NameBody, ...answer } },
    async (request) =>
      userAnswer(await changeName(useCaseContext(app, request), editor(request), request.body)),
  )
  app.put(
    '/v1/user/:id/email',
    { ...opts, schema: { params: UserIdParams, body: EmailBody, ...answer } },
    async (request) =>
      userAnswer(await changeEmail(useCaseContext(app, request), editor(request), request.body)),
  )
  app.put(
    '/v1/user/:id/phone',
    { ...opts, schema: { params: UserIdParams, body: PhoneBody, ...answer } },
    async (request) =>
      userAnswer(await changePhone(useCaseContext(app, request), editor(request), request.body)),
  )
  app.put(
    '/v1/user/:id/mfa',
    { ...opts, schema: { params: UserIdParams, body: MfaBody, ...answer } },
    async (request) =>
      userAnswer(await changeMfa(useCaseContext(app, request), editor(request), request.body)),
  )
  app.put(
    '/v1/user/:id/password',
    {
      ...opts,
      schema: {
        params: UserIdParams,
        body: PasswordChangeBody,
        response: { 200: Ok, ...failures },
      },
    },
    async (request) => {
      const { user, sessionId } = sessionAuth(request)
      // Nobody sets another person's password here; administrators use the reset flow.
      if (request.params.id !== user.id) throw new ApiError(ErrorCode.forbidden)
      await changePassword(useCaseContext(app, request), user, sessionId, request.body)
      // The change ended the user's other sessions; their event streams end with them.
      await app.eventStreams.recheck()
      return { success: true as const }
    },
  )
  void app.register(unlockRoutes)
  void app.register(userAdminRoutes)
  done()
}

export default userRoutes
