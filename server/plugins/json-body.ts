import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { App } from '../app-types'
import { nestsDeeperThan } from '../domain/json-shape'
import { ApiError } from '../errors'

/** How deep a JSON body may nest unless its route says otherwise; real bodies need a handful. */
export const MAX_JSON_DEPTH = 64

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose body nests deeper by design: its limit, and the 422 message past it. */
    jsonDepth?: { max: number; message: string }
  }
}

/**
 * Fastify's JSON parser (prototype-poisoning checks kept) followed by an iterative depth check, for
 * every route: a body nested deep enough overflows the stack of the schema validator (recursive)
 * before anything could refuse it. Size is bounded before this by the body limit (413).
 */
export default fp(
  (app: App, _options, done) => {
    const parse = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, next) => {
      // parseAs 'string' hands the parser a string; the type allows a Buffer for other settings.
      void parse(request, body as string, (error: Error | null, value?: unknown) => {
        if (error) return next(error)
        const own = request.routeOptions.config.jsonDepth
        if (nestsDeeperThan(value, own?.max ?? MAX_JSON_DEPTH)) {
          const refusal = own
            ? new ApiError(ErrorCode.validation, own.message, 422)
            : new ApiError(
                ErrorCode.validation,
                `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
                400,
              )
          return next(refusal)
        }
        next(null, value)
      })
    })
    done()
  },
  { name: 'json-body' },
)
