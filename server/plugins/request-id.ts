import fp from 'fastify-plugin'
import type { App } from '../app-types'

/**
 * Every answer carries its request's id in `X-Request-Id` (the one on each of its log lines,
 * logging.ts), so an error a user reports can be found in the logs. The envelope's shape stays
 * `{success, error: {code, message}}`.
 */
export default fp(
  (app: App, _options, done) => {
    app.addHook('onRequest', (request, reply, next) => {
      void reply.header('x-request-id', request.id)
      next()
    })
    done()
  },
  { name: 'request-id' },
)
