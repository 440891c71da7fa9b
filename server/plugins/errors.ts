import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { defaultErrorMessage, ErrorCode } from '../../schema/errors'
import type { App } from '../app-types'
import { isDatabaseUnavailable } from '../db/unavailable'
import { ApiError, failure } from '../errors'

/** Seconds a client is asked to wait while the database is away. */
export const DATABASE_RETRY_SECONDS = 5

/** Fastify's own 4xx errors (bad JSON, body too large, wrong media type) keep their status. */
function clientError(error: FastifyError): { status: number; message: string } | undefined {
  const status = error.statusCode ?? 0
  if (status < 400 || status >= 500) return undefined
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status, message: 'The request body is too large.' }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { status, message: 'Send the request body as application/json.' }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return { status, message: 'The request body is empty; send a JSON object.' }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return { status: 400, message: `The request body is not valid JSON: ${error.message}` }
  return { status, message: error.message }
}

/**
 * Every error becomes the envelope `{success: false, error: {code, message}}` with a truthful
 * status (DESIGN.md §4). A database that is away is 503 with Retry-After; other unexpected errors
 * are logged and answered 500 without their details.
 */
export default fp(
  (app: App, _options, done) => {
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      if (error instanceof ApiError) {
        void reply.headers(error.headers)
        return reply.status(error.status).send(failure(error.code, error.message))
      }
      if (error.validation) {
        return reply.status(400).send(failure(ErrorCode.validation, error.message))
      }
      const known = clientError(error)
      if (known) {
        const code = known.status === 404 ? ErrorCode.notFound : ErrorCode.validation
        return reply.status(known.status).send(failure(code, known.message))
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable')
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_SECONDS))
          .send(
            failure(
              ErrorCode.generic,
              `The database is not available. Try again in ${DATABASE_RETRY_SECONDS} seconds.`,
            ),
          )
      }
      request.log.error({ err: error }, 'unexpected error')
      return reply
        .status(500)
        .send(failure(ErrorCode.generic, defaultErrorMessage[ErrorCode.generic]))
    })
    done()
  },
  { name: 'errors' },
)
