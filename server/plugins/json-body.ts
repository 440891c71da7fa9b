import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { App } from '../app-types'
import { nestsDeeperThan } from '../domain/json-shape'
import { ApiError } from '../errors'

/** How deep a JSON body may nest unless its route says otherwise; real bodies need a handful. */
export const MAX_JSON_DEPTH = 64

// Fatal: Buffer's own decoding turns broken bytes into U+FFFD, which would then be stored as if
// sent. The BOM is left for the JSON parser, which has always dealt with it.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** The body as text, or undefined when its bytes are not UTF-8 (RFC 8259 §8.1 allows nothing else). */
function decode(body: Buffer): string | undefined {
  try {
    return utf8.decode(body)
  } catch {
    return undefined
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose body nests deeper by design: its limit, and the 422 message past it. */
    jsonDepth?: { max: number; message: string }
  }
}

/**
 * Fastify's JSON parser (prototype-poisoning checks kept) between a strict UTF-8 decoding and an
 * iterative depth check, for every route: bytes that are not UTF-8 are refused rather than
 * replaced, and a body nested deep enough overflows the stack of the schema validator (recursive)
 * before anything could refuse it. Size is bounded before this by the body limit (413).
 */
export default fp(
  (app: App, _options, done) => {
    const parse = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, next) => {
      // parseAs 'buffer' hands the parser a Buffer; the type allows a string for other settings.
      const text = decode(body as Buffer)
      if (text === undefined)
        return next(
          new ApiError(ErrorCode.validation, 'The request body is not valid UTF-8 text.', 400),
        )
      void parse(request, text, (error: Error | null, value?: unknown) => {
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
