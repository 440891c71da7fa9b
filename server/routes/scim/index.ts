import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { SCIM_CONTENT_TYPE } from '../../../schema/scim'
import type { App } from '../../app-types'
import { nestsDeeperThan } from '../../domain/json-shape'
import { ScimError, type ScimType } from '../../domain/scim-errors'
import { resumeToken } from '../../use-cases/api-tokens'
import bulkRoutes from './bulk'
import discoveryRoutes from './discovery'
import groupRoutes from './groups'
import userRoutes from './users'

/*
 * SCIM 2.0 at /scim/v2 (docs/scim.md). Its own scope: bearer tokens only (a cookie is never
 * read, so there is nothing to forge across sites), application/scim+json in and out, and every
 * failure in SCIM's error schema — the app's own (bad JSON, 413, 415, NUL, a database away) are
 * answered by the app's error handler as the envelope and rewritten here on the way out.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const MAX_DEPTH = 64

/** The scimType of an app failure turned into SCIM's schema. */
function scimTypeOf(status: number, message: string): ScimType | undefined {
  if (status !== 400) return undefined
  return /not valid JSON|body is empty|not valid UTF-8|nests deeper|JSON object/.test(message)
    ? 'invalidSyntax'
    : 'invalidValue'
}

/** The envelope `{success: false, error: {message}}` as SCIM's error body, or undefined. */
function rewriteFailure(status: number, payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined
  try {
    const body = JSON.parse(payload) as { success?: unknown; error?: { message?: unknown } }
    if (body.success !== false || typeof body.error?.message !== 'string') return undefined
    const message = body.error.message
    return JSON.stringify(new ScimError(status, message, scimTypeOf(status, message)).toBody())
  } catch {
    return undefined
  }
}

function sendScimError(reply: FastifyReply, error: ScimError) {
  if (error.status === 401) void reply.header('www-authenticate', 'Bearer realm="scim"')
  return reply.status(error.status).type(SCIM_CONTENT_TYPE).send(error.toBody())
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

async function authenticate(app: App, request: FastifyRequest) {
  const header = request.headers.authorization
  const secret = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined
  if (!secret)
    throw new ScimError(
      401,
      'SCIM needs an API token: send "Authorization: Bearer <token>" (cookies are not accepted here).',
    )
  const found = await resumeToken(app.db, secret, request.ip)
  if (!found)
    throw new ScimError(
      401,
      'The API token is unknown, expired or revoked, or its creator can no longer sign in.',
    )
  request.auth = { sessionId: null, session: null, user: found.user, token: found.token }
}

export default async function scimRoutes(app: App) {
  const parse = app.getDefaultJsonParser('error', 'error')
  // JSON only (RFC 7644 §3.1): anything else, text and multipart included, is 415.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    ['application/scim+json', 'application/json'],
    { parseAs: 'buffer' },
    (request, body, done) => {
      let text: string
      try {
        text = utf8.decode(body as Buffer)
      } catch {
        return done(
          new ScimError(400, 'The request body is not valid UTF-8 text.', 'invalidSyntax'),
        )
      }
      void parse(request, text, (error: Error | null, value?: unknown) => {
        // Fastify's own message names application/json, which this body is not.
        if (error)
          return done(new ScimError(400, 'The request body is not valid JSON.', 'invalidSyntax'))
        if (nestsDeeperThan(value, MAX_DEPTH))
          return done(
            new ScimError(
              400,
              `The request body nests deeper than ${MAX_DEPTH} levels.`,
              'invalidSyntax',
            ),
          )
        done(null, value)
      })
    },
  )

  app.addHook('onRequest', async (request) => authenticate(app, request))

  app.setErrorHandler((error: FastifyError | ScimError, _request, reply) => {
    if (error instanceof ScimError) return sendScimError(reply, error)
    // The app's handler answers it (status, Retry-After, logging); onSend rewrites the body.
    throw error
  })

  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 304 || reply.statusCode === 204) return payload
    const rewritten =
      reply.statusCode >= 400 ? rewriteFailure(reply.statusCode, payload) : undefined
    void reply.header('content-type', SCIM_CONTENT_TYPE)
    return rewritten ?? payload
  })

  app.setNotFoundHandler(async (request, reply) =>
    sendScimError(
      reply,
      new ScimError(
        404,
        `No such SCIM endpoint: ${request.method} ${request.url.split('?')[0] ?? ''}`,
      ),
    ),
  )

  await app.register(discoveryRoutes)
  await app.register(userRoutes)
  await app.register(groupRoutes)
  await app.register(bulkRoutes)
}
