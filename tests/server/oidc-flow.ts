import { createHash, randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Service } from '../../schema/service'
import { call, type TestApp } from './helper'

/** A browser's cookies for the test app: every Set-Cookie is kept, by name. */
export class CookieJar {
  private readonly cookies = new Map<string, string>()
  constructor(initial?: string) {
    if (initial) this.set(initial)
  }
  set(pair: string) {
    const [name, ...value] = pair.split('=')
    this.cookies.set(name!, value.join('='))
  }
  take(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
  }
  get header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ')
  }
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

/** A request as a browser makes it, through the jar; answers the response. */
export async function browse(
  t: TestApp,
  jar: CookieJar,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url
  const response = await call(t, method, path, body, { headers: { cookie: jar.header } })
  jar.take(response)
  return response
}

export interface AuthorizeOptions {
  clientId: string
  redirectUri: string
  scope?: string
  challenge?: string
  extra?: Record<string, string>
}

export function authorizeUrl(o: AuthorizeOptions) {
  const params = new URLSearchParams({
    client_id: o.clientId,
    redirect_uri: o.redirectUri,
    response_type: 'code',
    scope: o.scope ?? 'openid email profile offline_access',
    state: 'state-1',
    nonce: 'nonce-1',
    ...(o.challenge ? { code_challenge: o.challenge, code_challenge_method: 'S256' } : {}),
    ...o.extra,
  })
  return `/oidc/auth?${params}`
}

/** Follows the provider's redirects until one leaves for the service (or the interaction page). */
export async function follow(t: TestApp, jar: CookieJar, start: LightMyRequestResponse) {
  let response = start
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.location
    if (response.statusCode < 300 || response.statusCode >= 400 || !location) return { response }
    const target = new URL(String(location), 'http://localhost:8080')
    if (target.origin !== 'http://localhost:8080') return { response, leftFor: target }
    if (target.pathname.startsWith('/oidc/interaction/'))
      return { response, interaction: target.pathname.split('/')[3]! }
    response = await browse(t, jar, 'GET', target.pathname + target.search)
  }
  throw new Error('too many redirects')
}

/** Signs the jar's console session into the service: answers the code the service receives. */
export async function signInToService(t: TestApp, jar: CookieJar, o: AuthorizeOptions) {
  return completeSignIn(t, jar, await browse(t, jar, 'GET', authorizeUrl(o)))
}

/**
 * From the provider's answer to an authorization request, on as the console's interaction page
 * goes (sign-in with the console session, consent when asked): answers where the browser left for.
 */
export async function completeSignIn(t: TestApp, jar: CookieJar, start: LightMyRequestResponse) {
  const first = await follow(t, jar, start)
  if (first.leftFor) return first.leftFor
  expect(first.interaction, first.response.body).toBeDefined()
  const uid = first.interaction!
  const login = await browse(t, jar, 'POST', `/oidc/interaction/${uid}/login`)
  expect(login.statusCode, login.body).toBe(200)
  const returnTo = login.json<{ results: { returnTo: string } }>().results.returnTo
  const next = await follow(t, jar, await browse(t, jar, 'GET', returnTo))
  if (next.leftFor) return next.leftFor
  // A third-party service asks for consent.
  const consent = await browse(t, jar, 'POST', `/oidc/interaction/${next.interaction}/consent`)
  expect(consent.statusCode, consent.body).toBe(200)
  const back = consent.json<{ results: { returnTo: string } }>().results.returnTo
  const last = await follow(t, jar, await browse(t, jar, 'GET', back))
  expect(last.leftFor, last.response.body).toBeDefined()
  return last.leftFor!
}

/** POST /oidc/token with a form body. */
export function tokenRequest(
  t: TestApp,
  form: Record<string, string>,
  basic?: { id: string; secret: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(basic
        ? {
            authorization: `Basic ${Buffer.from(
              `${encodeURIComponent(basic.id)}:${encodeURIComponent(basic.secret)}`,
            ).toString('base64')}`,
          }
        : {}),
    },
    payload: new URLSearchParams(form).toString(),
  })
}

export const decodeJwt = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

/** A service the admin registers with a redirect URI and `fields`, each through its PUT. */
export async function registerService(
  t: TestApp,
  admin: string,
  body: { key: string; name?: string },
  redirectUri: string,
  fields: Record<string, unknown> = {},
) {
  const created = await call(t, 'POST', '/v1/service', body, { cookie: admin })
  expect(created.statusCode, created.body).toBe(200)
  let service = created.json<{ results: { service: Service } }>().results.service
  for (const [field, value] of Object.entries({ redirectUris: [redirectUri], ...fields })) {
    const put = await call(
      t,
      'PUT',
      `/v1/service/${service.id}/${field}`,
      { [field]: value },
      { cookie: admin },
    )
    expect(put.statusCode, put.body).toBe(200)
    service = put.json<{ results: { service: Service } }>().results.service
  }
  return service
}

/** Signs the jar into a public service and exchanges the code: answers the token response. */
export async function tokensFor(t: TestApp, jar: CookieJar, service: Service, redirectUri: string) {
  const { verifier, challenge } = pkce()
  const left = await signInToService(t, jar, {
    clientId: service.key,
    redirectUri,
    challenge,
  })
  const response = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code: left.searchParams.get('code') ?? '',
    redirect_uri: redirectUri,
    client_id: service.key,
    code_verifier: verifier,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ id_token: string; access_token: string; refresh_token: string }>()
}

/** The logout page for these parameters (RP-initiated logout), and its anti-forgery value. */
export async function logoutPageFor(t: TestApp, jar: CookieJar, params: Record<string, string>) {
  const page = await browse(t, jar, 'GET', `/oidc/session/end?${new URLSearchParams(params)}`)
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1]
  return { page, xsrf }
}

/** Presses 'Yes, sign me out' (`logout: yes`) or 'No, stay signed in' on the logout page. */
export async function confirmLogout(t: TestApp, jar: CookieJar, xsrf: string, everywhere: boolean) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/oidc/session/end/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header },
    payload: new URLSearchParams({ xsrf, ...(everywhere ? { logout: 'yes' } : {}) }).toString(),
  })
  jar.take(response)
  return response
}
