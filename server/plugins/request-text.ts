import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { App } from '../app-types'
import { unsafeTextMessage, unsafeTextPath } from '../domain/json-shape'
import { ApiError } from '../errors'

/** The parts of a request whose strings reach handlers, and the name a bare one goes by. */
const PARTS = [
  ['params', 'the path'],
  ['query', 'the query string'],
  ['body', 'the request body'],
] as const

/**
 * No string with a NUL or an unpaired surrogate reaches a handler: PostgreSQL cannot store the one
 * and mangles the other. One check for every route, after its schema (which may already refuse
 * the value for a clearer reason) and before anything is written: 400, code 1001, naming the field.
 * Multipart fields are streamed by their routes, which use the same check (domain/json-shape).
 */
export default fp(
  (app: App, _options, done) => {
    app.addHook('preHandler', (request, _reply, next) => {
      for (const [part, name] of PARTS) {
        const field = unsafeTextPath(request[part], name)
        if (field) return next(new ApiError(ErrorCode.validation, unsafeTextMessage(field), 400))
      }
      next()
    })
    done()
  },
  { name: 'request-text' },
)
