import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyRequest, FastifyServerOptions } from 'fastify'

/**
 * Structured logs (pino, Fastify's logger): one JSON line per event, each with the request's id
 * (`reqId`), and nothing in them that would let a reader of the logs sign in as someone:
 * cookies, authorization headers, passwords, codes, tokens and reset links are redacted.
 */

const REDACTED = '[redacted]'

/** An incoming X-Request-Id is kept only when it is a short, plain token (no log injection). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** The request's id: the caller's X-Request-Id when it is safe, else a fresh UUID. */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id']
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID()
}

/** Paths whose last segment is a secret (a reset link's slug, an email link's token) or personal. */
const SECRET_SEGMENT = [
  /^(\/v1\/resettoken\/)[^/?#]+/i,
  /^(\/v1\/passwordreset\/)[^/?#]+/i, // reset links (…/:slug) and reset requests (…/:email)
  /^(\/v1\/email-verification\/)[^/?#]+/i,
  /^(\/verifyemail\/)[^/?#]+/i,
  /^(\/passwordreset\/)[^/?#]+/i,
]

/** A URL as it may be logged: secret path segments and every query value replaced. */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split(/\?(.*)/s, 2)
  let path = pathPart
  for (const pattern of SECRET_SEGMENT) path = path.replace(pattern, `$1${REDACTED}`)
  if (query === undefined) return path
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=${REDACTED}`)
  return `${path}?${keys.join('&')}`
}

/** Where secrets could sit in what is logged (pino `redact` paths). */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'body.password',
  'body.oldPassword',
  'body.newPassword',
  'body.code',
  'body.token',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.code',
  '*.token',
  '*.slug',
  '*.secret',
  '*.cookie',
  '*.authorization',
]

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/** Fastify's logger options: the level, the redaction, and a request serializer without secrets. */
export function loggerOptions(level: string, extra: LoggerOptions = {}): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        route: request.routeOptions?.url,
        remoteAddress: request.ip,
      }),
    },
    ...extra,
  }
}
