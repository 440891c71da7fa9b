import type { FastifyReply, FastifyRequest } from 'fastify'
import { ACCESS_MESSAGES } from '../../schema/access'
import { Failure } from '../../schema/envelope'
import { ErrorCode } from '../../schema/errors'
import { ApiError } from '../errors'
import type { Auth } from '../use-cases/session-resume'
import type { App } from '../app-types'
import { readDeviceCookie, setDeviceCookie, setSessionCookie } from '../auth/cookie'
import type { UseCaseContext } from '../use-cases/context'
import type { OpenedSession } from '../use-cases/open-session'

/** The use-case context of one request. */
export const useCaseContext = (app: App, request: FastifyRequest): UseCaseContext => ({
  db: app.db,
  config: app.config,
  outbox: request.outbox,
  client: request.client,
  priorSessionId: request.auth?.sessionId ?? undefined,
  deviceCookie: readDeviceCookie(request, app.config),
})

/** Every route may fail with the envelope; listing it keeps the serializer from dropping fields. */
export const failures = { '4xx': Failure, '5xx': Failure } as const

/**
 * Hands a new session's cookie to the browser, and the device cookie that makes it a known device
 * of the account; the session it replaced stops hearing events.
 */
export function startSession(app: App, reply: FastifyReply, session: OpenedSession) {
  setSessionCookie(reply, app.config, session.token, session.absoluteExpires)
  setDeviceCookie(reply, app.config, session.deviceCookie)
  if (session.replacedSessionId) app.eventStreams.end([session.replacedSessionId])
}

/** The request's session, for the routes that are a person's only (a token never reaches them). */
export function sessionAuth(request: FastifyRequest): Auth {
  const auth = request.auth
  if (!auth) throw new ApiError(ErrorCode.notSignedIn)
  if (auth.token) throw new ApiError(ErrorCode.forbidden, ACCESS_MESSAGES.tokenNotHere)
  return auth
}
