import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '../../../schema/common'
import { Success } from '../../../schema/envelope'
import { ReplayResults } from '../../../schema/replay'
import { logReplay } from '../../use-cases/log-replay'
import { failures, useCaseContext } from '../context'

/**
 * GET /v1/logs/{id}/replay: the sign-in attempt a Logs row belongs to, as steps on the console's
 * statechart that drove it (docs/flows-replay.md). logs.read, checked before validation, and the
 * Logs' scoping: a row the caller may not read is a 404.
 */
const logReplayRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/v1/logs/:id/replay',
    {
      preValidation: app.requirePermission('logs.read'),
      schema: { params: IdParams, response: { 200: Success(ReplayResults), ...failures } },
    },
    async (request) => {
      const results = await logReplay(
        useCaseContext(app, request),
        request.auth!.user,
        request.params.id,
      )
      return { success: true as const, results }
    },
  )
  done()
}

export default logReplayRoutes
