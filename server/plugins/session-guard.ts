import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { Permission } from '../../schema/permissions'
import type { App } from '../app-types'
import { readSessionCookie } from '../auth/cookie'
import { ApiError } from '../errors'
import { type Auth, resumeSession } from '../use-cases/session-resume'

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and session, or null. */
    auth: Auth | null
  }
  interface FastifyInstance {
    /** preHandler: 401 unless signed in. */
    authenticate: Guard
    /** preHandler: 401 unless signed in, 403 without the permission. */
    requirePermission(permission: Permission): Guard
  }
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
      if (request.url.startsWith('/v1/') || request.url.startsWith('/oidc/interaction/'))
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
    done()
  },
  { name: 'session-guard', dependencies: ['db'] },
)
