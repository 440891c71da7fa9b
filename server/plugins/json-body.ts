import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { App } from '../app-types'
import { nestsDeeperThan } from '../domain/json-shape'
import { ApiError } from '../errors'

/**
 * How deep a JSON body may nest. The deepest real body is an attribute-tree import (two levels per
 * tree level, TREE_LIMITS.depth levels); anything deeper is refused before a validator or handler
 * walks it recursively and runs out of stack.
 */
export const MAX_JSON_DEPTH = 256

/**
 * Fastify's JSON parser (prototype-poisoning checks kept) followed by an iterative depth check, for
 * every route. Size is bounded before this by the body limit (413).
 */
export default fp(
  (app: App, _options, done) => {
    const parse = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, next) => {
      // parseAs 'string' hands the parser a string; the type allows a Buffer for other settings.
      void parse(request, body as string, (error: Error | null, value?: unknown) => {
        if (error) return next(error)
        if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
          const message = `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`
          return next(new ApiError(ErrorCode.validation, message, 400))
        }
        next(null, value)
      })
    })
    done()
  },
  { name: 'json-body' },
)
