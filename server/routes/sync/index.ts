import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { ErrorCode } from '../../../schema/errors'
import {
  type Collection,
  Collections,
  SYNC_BATCH_MAX,
  SYNC_DONE,
  SyncBody,
} from '../../../schema/sync'
import { decodeCursor, encodeCursor } from '../../domain/sync-cursor'
import { ApiError } from '../../errors'
import { readSyncBatch } from '../../repos/sync/batch'
import { syncSources } from '../../repos/sync/sources'
import { failures } from '../context'
import { UnknownCollectionParams, syncAnswer } from './schema'

const nothing = { success: true as const, results: { nodes: [], batchInfo: { cursor: SYNC_DONE } } }

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
        // time on a 5000-node batch.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => {
        const { cursor, batchSize = SYNC_BATCH_MAX } = request.body
        const after = cursor === null ? null : decodeCursor(cursor)
        if (after === undefined)
          throw new ApiError(ErrorCode.validation, 'The cursor is not one this server gave out.')
        if (!request.auth!.user.permissions.includes(syncSources[collection].permission))
          return nothing
        const batch = await readSyncBatch(app.db, collection, after, batchSize)
        return {
          success: true as const,
          results: {
            nodes: batch.nodes,
            batchInfo: { cursor: batch.last ? encodeCursor(batch.last) : SYNC_DONE },
          },
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
