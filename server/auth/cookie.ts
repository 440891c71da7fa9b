import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Config, isHttps } from '../config'

/** Under https the cookie is `__Host-` prefixed: Secure, no Domain, Path=/ — it cannot be planted by a subdomain. */
export function sessionCookieName(config: Config): string {
  return isHttps(config) ? '__Host-gatehouse_session' : 'gatehouse_session'
}

const options = (config: Config) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: isHttps(config),
})

export function readSessionCookie(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)]
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  expires: Date,
) {
  void reply.setCookie(sessionCookieName(config), token, { ...options(config), expires })
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  void reply.clearCookie(sessionCookieName(config), options(config))
}
