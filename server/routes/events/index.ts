import type { Readable } from 'node:stream'
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { readableCollections, readableTopics } from '../../domain/collection-access'
import { failures, sessionAuth } from '../context'
import { EventStream } from './stream'

/**
 * GET /v1/events (DESIGN.md §5): Server-Sent Events naming the collections that changed, for the
 * signed-in console to pull. A stream ends when its session ends (plugins/event-streams.ts) and
 * when the server closes.
 */
const eventRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
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
      const { sessionId, session, user } = sessionAuth(request)
      const stream = new EventStream(
        sessionId,
        readableCollections(user.permissions),
        readableTopics(user),
      )
      app.eventStreams.add(stream, session)
      stream.body.once('close', () => app.eventStreams.remove(stream))
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
