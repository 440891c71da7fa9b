import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { ErrorCode } from '../../../schema/errors'
import { type Collection, Collections, SyncBody } from '../../../schema/sync'
import { ApiError } from '../../errors'
import { syncBatch } from '../../use-cases/sync'
import { failures, useCaseContext } from '../context'
import { encodeSyncAnswer } from './encode'
import { UnknownCollectionParams, syncAnswer } from './schema'

/**
 * POST /v1/sync/:collection (DESIGN.md §5): the next batch of a collection's changes after the
 * cursor. A caller without the collection's read permission is told there is nothing to read.
 */
const syncRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const sync = (collection: Collection) =>
    app.post(
      `/v1/sync/${collection}`,
      {
        preHandler: app.authenticate,
        schema: { body: SyncBody, response: { 200: syncAnswer(collection), ...failures } },
        // The readers build every node field by field, so nothing unlisted can slip out; and the
        // schema's entity-or-tombstone choice costs the generated serializer ~6x JSON.stringify's
        // time on a 5000-node batch. A batch shared by several consoles is encoded once, to bytes,
        // which Fastify sends as they are.
        serializerCompiler: ({ httpStatus }) =>
          httpStatus === '200'
            ? (encodeSyncAnswer as unknown as (data: unknown) => string)
            : (data) => JSON.stringify(data),
      },
      async (request) => {
        const ctx = useCaseContext(app, request)
        const batch = await syncBatch(ctx, request.auth!.user, collection, request.body)
        return {
          success: true as const,
          results: { nodes: batch.nodes, batchInfo: { cursor: batch.cursor } },
        }
      },
    )
  for (const collection of Collections) sync(collection)

  // Static routes win over this one, so it only answers names that are not collections.
  app.post(
    '/v1/sync/:collection',
    { schema: { params: UnknownCollectionParams, response: failures } },
    (request) => {
      const known = Collections.join(', ')
      const message = `There is no collection '${request.params.collection}' to sync; known: ${known}.`
      return Promise.reject(new ApiError(ErrorCode.notFound, message))
    },
  )
  done()
}

export default syncRoutes
