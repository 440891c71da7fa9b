import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { Permission } from '../../schema/permissions'
import type { App } from '../app-types'
import { readSessionCookie } from '../auth/cookie'
import { ApiError } from '../errors'
import { ACCESS_MESSAGES } from '../../schema/access'
import { resumeToken, type TokenIdentity } from '../use-cases/api-tokens'
import { type Auth, resumeSession } from '../use-cases/session-resume'

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and session, or the API token's access; null for neither. */
    auth: Auth | TokenAuth | null
  }
  interface FastifyInstance {
    /** preHandler: 401 unless signed in. */
    authenticate: Guard
    /** preHandler: 401 unless signed in, 403 without the permission. */
    requirePermission(permission: Permission): Guard
    /** preHandler: 401 unless signed in, 403 without any of the permissions. */
    requireAnyPermission(...permissions: Permission[]): Guard
  }
}

/** A request made with `Authorization: Bearer <API token>` (docs/access.md). */
export interface TokenAuth {
  sessionId: null
  session: null
  /** The token's creator, with the token's permissions and scopes in place of theirs. */
  user: Auth['user']
  token: TokenIdentity
}

/*
 * The console's own routes, for a person and their session only: their account's password,
 * passkeys, second factors and profile, sign-out, the event stream, and making tokens (a token
 * never makes another). A token that names its creator's own account is refused too.
 */
const SESSION_ONLY = [
  /^\/v1\/(self|logout|events|passkey|passkeys|factors|tokens|login)(\/|\?|$)/,
  /^\/v1\/user\/[^/]+\/password(\/|\?|$)/,
]

/** The bearer token of the request, or undefined when it names none. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : header.trim() === '' ? undefined : ''
}

async function loadTokenAuth(
  app: App,
  request: FastifyRequest,
  secret: string,
): Promise<TokenAuth> {
  if (SESSION_ONLY.some((pattern) => pattern.test(request.url)))
    throw new ApiError(ErrorCode.forbidden, ACCESS_MESSAGES.tokenNotHere)
  const found = secret ? await resumeToken(app.db, secret, request.ip) : null
  if (!found) throw new ApiError(ErrorCode.notSignedIn, ACCESS_MESSAGES.tokenInvalid)
  const own = new RegExp(`^/v1/user/${found.user.id}(/|\\?|$)`)
  if (own.test(request.url)) throw new ApiError(ErrorCode.forbidden, ACCESS_MESSAGES.tokenNotHere)
  return { sessionId: null, session: null, user: found.user, token: found.token }
}

async function loadAuth(app: App, request: FastifyRequest): Promise<Auth | null> {
  const token = readSessionCookie(request, app.config)
  if (!token) return null
  const { auth, ended } = await resumeSession(app.db, app.config, token)
  if (ended) app.eventStreams.end([ended])
  return auth
}

/**
 * Console sessions: the cookie's token is looked up by its SHA-256; idle expiry slides with use
 * (written at most once a minute) and never passes the absolute expiry.
 */
export default fp(
  (app: App, _options, done) => {
    app.decorateRequest('auth', null)
    app.addHook('onRequest', async (request) => {
      // The sign-in interaction of single sign-on (docs/sso.md) reuses the console session.
      const bearer = request.url.startsWith('/v1/') ? bearerOf(request) : undefined
      if (bearer !== undefined) request.auth = await loadTokenAuth(app, request, bearer)
      else if (request.url.startsWith('/v1/') || request.url.startsWith('/oidc/interaction/'))
        request.auth = await loadAuth(app, request)
    })
    const authenticate: Guard = (request) =>
      request.auth ? Promise.resolve() : Promise.reject(new ApiError(ErrorCode.notSignedIn))
    app.decorate('authenticate', authenticate)
    app.decorate('requirePermission', (permission: Permission): Guard => async (request, reply) => {
      await authenticate(request, reply)
      if (!request.auth?.user.permissions.includes(permission))
        throw new ApiError(ErrorCode.forbidden)
    })
    app.decorate(
      'requireAnyPermission',
      (...permissions: Permission[]): Guard =>
        async (request, reply) => {
          await authenticate(request, reply)
          if (!permissions.some((p) => request.auth?.user.permissions.includes(p)))
            throw new ApiError(ErrorCode.forbidden)
        },
    )
    done()
  },
  { name: 'session-guard', dependencies: ['db'] },
)
