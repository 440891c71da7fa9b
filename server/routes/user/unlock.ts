import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { Success } from '../../../schema/envelope'
import { UserIdParams } from '../../../schema/user'
import { unlockAccount } from '../../use-cases/unlock'
import { failures, useCaseContext } from '../context'

const UnlockResults = Type.Object({
  /** False when the account had no lock; no email was sent then. */
  unlocked: Type.Boolean(),
})

/**
 * POST /v1/user/:id/unlock (users.write): lifts the lock and sends the owner a password reset link
 * (SPEC.md §8, code 802). The Users screen will call it; operators without a console use
 * `npm run admin -- unlock <email>`.
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
      const { unlocked } = await unlockAccount(ctx, request.params.id, request.auth!.user.id)
      return { success: true as const, results: { unlocked } }
    },
  )
  done()
}

export default unlockRoutes
