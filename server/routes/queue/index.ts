import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Success } from '../../../schema/envelope'
import {
  AttentionResults,
  QueueActionParams,
  QueueActionResults,
  QueueQuery,
  QueueResults,
} from '../../../schema/queue'
import { actOnMessage, listQueue, queueAttention } from '../../use-cases/queue'
import { failures, useCaseContext } from '../context'
import { internalStaff } from '../internal-guard'

/**
 * The Queue (docs/queue.md), INTERNAL staff only: GET /v1/queue and GET /v1/queue/attention
 * (queue.read), POST /v1/queue/:id/retry and /cancel (queue.write, audited).
 */
const queueRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const read = internalStaff(app, 'queue.read')
  const write = internalStaff(app, 'queue.write')

  app.get(
    '/v1/queue',
    {
      preValidation: read,
      schema: { querystring: QueueQuery, response: { 200: Success(QueueResults), ...failures } },
    },
    async (request) => ({
      success: true as const,
      results: await listQueue(useCaseContext(app, request), request.query),
    }),
  )

  app.get(
    '/v1/queue/attention',
    { preValidation: read, schema: { response: { 200: Success(AttentionResults), ...failures } } },
    async (request) => ({
      success: true as const,
      results: await queueAttention(useCaseContext(app, request)),
    }),
  )

  app.post(
    '/v1/queue/:id/:action',
    {
      preValidation: write,
      schema: {
        params: QueueActionParams,
        response: { 200: Success(QueueActionResults), ...failures },
      },
    },
    async (request) => {
      const { id, action } = request.params
      const message = await actOnMessage(
        useCaseContext(app, request),
        request.auth!.user,
        id,
        action,
      )
      return { success: true as const, results: { message } }
    },
  )
  done()
}

export default queueRoutes
