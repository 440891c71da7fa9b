import type { Readable } from 'node:stream'
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import type { Collection } from '../../../schema/sync'
import { existingSessionIds } from '../../repos/session-list'
import { readableCollections } from '../../repos/sync/sources'
import { failures } from '../context'
import { EventStream } from './stream'

/**
 * GET /v1/events (DESIGN.md §5): Server-Sent Events naming the collections that changed, for the
 * signed-in console to pull. A stream ends when its session is revoked and when the server closes.
 */
const eventRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const open = new Set<EventStream>()

  // A revoked session must stop hearing about changes at once, not at its next request.
  const dropRevoked = async () => {
    const streams = [...open]
    const alive = await existingSessionIds(
      app.db,
      streams.map((stream) => stream.sessionId),
    )
    for (const stream of streams) if (!alive.has(stream.sessionId)) stream.end()
  }

  const unsubscribe = app.changes.subscribe((changed: ReadonlySet<Collection>) => {
    if (open.size === 0) return
    for (const stream of open) stream.tell(changed)
    if (changed.has('sessions'))
      dropRevoked().catch((error: unknown) =>
        app.log.warn({ err: error }, 'events: could not check sessions'),
      )
  })

  // Open streams would otherwise hold app.close() (and the port) until every browser went away.
  app.addHook('preClose', (doneClosing) => {
    unsubscribe()
    for (const stream of open) stream.end()
    doneClosing()
  })

  app.get(
    '/v1/events',
    {
      preHandler: app.authenticate,
      schema: {
        response: {
          // A stream is sent as it is; the schema only documents the answer.
          200: Type.Unsafe<Readable>({ type: 'string', description: 'text/event-stream' }),
          ...failures,
        },
      },
    },
    (request, reply) => {
      const { sessionId, user } = request.auth!
      const stream = new EventStream(sessionId, readableCollections(user.permissions))
      open.add(stream)
      stream.body.once('close', () => open.delete(stream))
      // The response closes when the browser goes away (the request's own 'close' comes much earlier).
      reply.raw.once('close', () => stream.end())
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .send(stream.body)
    },
  )
  done()
}

export default eventRoutes
