import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { Success } from '../../../schema/envelope'
import { User, UserIdParams } from '../../../schema/user'
import { toUser } from '../../presenters/user'
import { unlockAsStaff } from '../../use-cases/users-admin'
import { failures, useCaseContext } from '../context'

const UnlockResults = Type.Object({
  user: User,
  /** False when the account had no lock; no email was sent then. */
  unlocked: Type.Boolean(),
})

/**
 * POST /v1/user/:id/unlock (users.write): lifts the lock and sends the owner a password reset link
 * (SPEC.md §8, code 802), answering the user as it now is. The Users screen calls it; operators
 * without a console use `npm run admin -- unlock <email>`.
 */
const unlockRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/v1/user/:id/unlock',
    {
      // Before validation, so that nobody without the permission learns what a valid id is.
      preValidation: app.requirePermission('users.write'),
      schema: { params: UserIdParams, response: { 200: Success(UnlockResults), ...failures } },
    },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const { user, unlocked } = await unlockAsStaff(ctx, request.auth!.user, request.params.id)
      return { success: true as const, results: { user: toUser(user), unlocked } }
    },
  )
  done()
}

export default unlockRoutes
