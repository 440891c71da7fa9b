import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Config, isHttps } from '../config'
import { DEVICE_COOKIE_DAYS } from '../domain/device-cookie'

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

/** The device cookie (domain/device-cookie.ts): `__Host-` prefixed under https, like the session's. */
export function deviceCookieName(config: Config): string {
  return isHttps(config) ? '__Host-gatehouse_device' : 'gatehouse_device'
}

export function readDeviceCookie(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[deviceCookieName(config)]
}

/** Strict: only the sign-in's own page sends it, so no other site's request is counted as this browser. */
export function setDeviceCookie(reply: FastifyReply, config: Config, value: string) {
  void reply.setCookie(deviceCookieName(config), value, {
    ...options(config),
    sameSite: 'strict',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  })
}
