import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { Permission } from '../../schema/permissions'
import type { App } from '../app-types'
import { readSessionCookie } from '../auth/cookie'
import type { SessionRow } from '../db/schema/sessions'
import type { UserRow } from '../db/schema/users'
import { hashToken } from '../domain/tokens'
import { isSessionExpired, slideSession } from '../domain/session-times'
import { ApiError } from '../errors'
import { deleteSession, findSessionByTokenHash, touchSession } from '../repos/sessions'
import { findUserById } from '../repos/users'

export interface Auth {
  sessionId: string
  session: SessionRow
  user: UserRow
}

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
  const session = await findSessionByTokenHash(app.db, hashToken(token))
  if (!session) return null
  const now = new Date()
  if (isSessionExpired(session, now)) {
    await deleteSession(app.db, session.id)
    app.eventStreams.end([session.id])
    return null
  }
  const user = await findUserById(app.db, session.userId)
  if (!user) return null
  const slid = slideSession(session, now, app.config)
  if (slid) await touchSession(app.db, session.id, slid)
  return { sessionId: session.id, session: { ...session, ...slid }, user }
}

/**
 * Console sessions: the cookie's token is looked up by its SHA-256; idle expiry slides with use
 * (written at most once a minute) and never passes the absolute expiry.
 */
export default fp(
  (app: App, _options, done) => {
    app.decorateRequest('auth', null)
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/v1/')) request.auth = await loadAuth(app, request)
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
