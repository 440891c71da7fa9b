import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Success } from '../../../schema/envelope'
import { ErrorCode } from '../../../schema/errors'
import { UserFactorsResults } from '../../../schema/factors'
import { UserIdParams } from '../../../schema/user'
import {
  AccessBody,
  PasskeysRemovedResults,
  TimelineQuery,
  TimelineResults,
  type UserAction,
  UserAnswer,
} from '../../../schema/users'
import { ApiError } from '../../errors'
import { toUser } from '../../presenters/user'
import { resetUserFactors, userFactors } from '../../use-cases/staff-factors'
import { userTimeline } from '../../use-cases/user-timeline'
import { actOnUser, changeAccess, removeUserPasskeys } from '../../use-cases/users-admin'
import { failures, useCaseContext } from '../context'

/** The single-user actions other than unlock (unlock.ts keeps its own route and mail). */
const ACTIONS: Exclude<UserAction, 'unlock'>[] = [
  'lock',
  'disable',
  'enable',
  'reset-link',
  'require-password-change',
]

/**
 * Users administration of one user (docs/server-users.md): access, the status actions, passkeys and
 * the timeline. Changes take users.write, the timeline users.read (or being its user); the check
 * runs before validation, so that nobody without the permission learns what a valid id is.
 */
const userAdminRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const write = app.requirePermission('users.write')
  const answer = { response: { 200: Success(UserAnswer), ...failures } }

  app.put(
    '/v1/user/:id/access',
    { preValidation: write, schema: { params: UserIdParams, body: AccessBody, ...answer } },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const user = await changeAccess(ctx, request.auth!.user, request.params.id, request.body)
      // The user's event streams now tell about other collections, or none: they reconnect.
      await app.eventStreams.recheck()
      return { success: true as const, results: { user: toUser(user) } }
    },
  )

  for (const action of ACTIONS) {
    app.post(
      `/v1/user/:id/${action}`,
      { preValidation: write, schema: { params: UserIdParams, ...answer } },
      async (request) => {
        const ctx = useCaseContext(app, request)
        const { user, endedSessions } = await actOnUser(
          ctx,
          request.auth!.user,
          request.params.id,
          action,
        )
        app.eventStreams.end(endedSessions)
        return { success: true as const, results: { user: toUser(user) } }
      },
    )
  }

  app.delete(
    '/v1/user/:id/passkeys',
    {
      preValidation: write,
      schema: {
        params: UserIdParams,
        response: { 200: Success(PasskeysRemovedResults), ...failures },
      },
    },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const { user, removed } = await removeUserPasskeys(ctx, request.auth!.user, request.params.id)
      return { success: true as const, results: { user: toUser(user), removed } }
    },
  )

  app.get(
    '/v1/user/:id/factors',
    {
      preValidation: app.requirePermission('users.read'),
      schema: { params: UserIdParams, response: { 200: Success(UserFactorsResults), ...failures } },
    },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const factors = await userFactors(ctx, request.auth!.user, request.params.id)
      return { success: true as const, results: { factors } }
    },
  )

  app.post(
    '/v1/user/:id/reset-factors',
    { preValidation: write, schema: { params: UserIdParams, ...answer } },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const user = await resetUserFactors(ctx, request.auth!.user, request.params.id)
      return { success: true as const, results: { user: toUser(user) } }
    },
  )

  /** users.read, or the user's own timeline. */
  const readTimeline = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply)
    const { user } = request.auth!
    const { id } = request.params as { id?: unknown }
    if (id !== user.id && !user.permissions.includes('users.read')) {
      throw new ApiError(ErrorCode.forbidden)
    }
  }
  app.get(
    '/v1/user/:id/timeline',
    {
      preValidation: readTimeline,
      schema: {
        params: UserIdParams,
        querystring: TimelineQuery,
        response: { 200: Success(TimelineResults), ...failures },
      },
    },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const results = await userTimeline(ctx, request.auth!.user, request.params.id, request.query)
      return { success: true as const, results }
    },
  )
  done()
}

export default userAdminRoutes
