import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { defaultErrorMessage, ErrorCode } from '../schema/errors'
import { ScimError } from './domain/scim-errors'
import { failure } from './errors'

/**
 * Failures Fastify and Node answer before a route's error handler could (DESIGN.md §4: every
 * answer is the envelope). Both are passed to Fastify() in app.ts.
 */

/** Node's limit on the request line and headers together; past it the answer is 431. */
export const MAX_HEADER_BYTES = 16 * 1024

/** Router failures: malformed percent-encoding (400) and over-long path parameters (414). */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.header('x-request-id', request.id)
  const [status, body] =
    error.code === 'FST_ERR_BAD_URL'
      ? [
          400,
          failure(ErrorCode.validation, 'The address is not valid: its %-encoding is malformed.'),
        ]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, failure(ErrorCode.validation, 'A part of the address is too long.')]
        : [500, failure(ErrorCode.generic, defaultErrorMessage[ErrorCode.generic])]
  // SCIM clients read SCIM's error schema (docs/scim.md), even before a route is found.
  if (request.url.startsWith('/scim/')) {
    const scim = new ScimError(
      status,
      body.error.message,
      status === 400 ? 'invalidValue' : undefined,
    )
    void reply.status(status).type('application/scim+json; charset=utf-8').send(scim.toBody())
    return
  }
  void reply.status(status).send(body)
}

/** What a request Node could not parse gets, by the parser's error code. */
function clientFailure(code: string | undefined): [status: number, message: string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes.`]
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive.']
  return [400, 'The request is not valid HTTP.']
}

/**
 * The method of the request Node failed to parse, read from the bytes it failed in
 * (`error.rawPacket`, the chunk being parsed): the request line after the last blank line before
 * the failure, so an earlier request on the same connection is not mistaken for it. Undefined when
 * that chunk does not begin the request (a long head that arrived in pieces).
 */
function methodOf(error: Error & { rawPacket?: unknown; bytesParsed?: unknown }) {
  const packet = error.rawPacket
  if (!Buffer.isBuffer(packet)) return undefined
  const parsed = typeof error.bytesParsed === 'number' ? error.bytesParsed : packet.length
  const text = packet.toString('latin1')
  // The failed request's own blank line may be where it failed (a head too large, conflicting
  // lengths); one that ends an earlier request lies before the failed one's request line.
  const start = text.lastIndexOf('\r\n\r\n', parsed - 5)
  return /^(?:\r?\n)*([A-Z][A-Z-]*) /.exec(text.slice(start < 0 ? 0 : start + 4))?.[1]
}

/**
 * Node's 'clientError': the request never became a Fastify request, so the envelope is written on
 * the socket by hand, and the connection closed (its state is unknown). A HEAD answer never carries
 * a body (RFC 9110 §9.3.2), and neither does one to a request whose method cannot be read: the
 * status line and headers then speak alone.
 */
export function clientErrorHandler(
  error: Error & { code?: string; rawPacket?: unknown; bytesParsed?: unknown },
  socket: Duplex,
) {
  // A reset connection has no one left to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] = clientFailure(error.code)
  const method = methodOf(error)
  const body =
    method && method !== 'HEAD' ? JSON.stringify(failure(ErrorCode.validation, message)) : ''
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  )
}
