import { createLocalJWKSet, jwtVerify } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Service } from '../../schema/service'
import { ADMIN, call, signIn, useTestApp } from './helper'
import {
  CookieJar,
  authorizeUrl,
  browse,
  decodeJwt,
  follow,
  pkce,
  signInToService,
  tokenRequest,
} from './oidc-flow'

const t = useTestApp()
let admin: string
let serial = 0
const REDIRECT = 'https://alpha.example.com/callback'

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

async function put(id: string, field: string, value: unknown) {
  const response = await call(
    t,
    'PUT',
    `/v1/service/${id}/${field}`,
    { [field]: value },
    { cookie: admin },
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ results: { service: Service } }>().results.service
}

async function service(fields: Record<string, unknown> = {}) {
  const key = `alpha-${++serial}`
  const created = await call(
    t,
    'POST',
    '/v1/service',
    { key, name: 'Alpha Desk', accessTokenTimeout: 2 },
    { cookie: admin },
  )
  expect(created.statusCode, created.body).toBe(200)
  const { id } = created.json<{ results: { service: Service } }>().results.service
  let row = await put(id, 'redirectUris', [REDIRECT])
  for (const [field, value] of Object.entries(fields)) row = await put(id, field, value)
  return row
}

async function codeFor(svc: Service, jar = new CookieJar(admin), extra?: Record<string, string>) {
  const { verifier, challenge } = pkce()
  const left = await signInToService(t, jar, {
    clientId: svc.key,
    redirectUri: REDIRECT,
    challenge,
    extra,
  })
  expect(left.origin + left.pathname).toBe(REDIRECT)
  const code = left.searchParams.get('code')
  expect(code, left.toString()).toBeTruthy()
  return { code: code!, verifier, jar }
}

describe('discovery and keys', () => {
  it('publishes discovery at /oidc/.well-known/openid-configuration with the issuer', async () => {
    const response = await call(t, 'GET', '/oidc/.well-known/openid-configuration')
    expect(response.statusCode, response.body).toBe(200)
    const discovery = response.json<Record<string, unknown>>()
    expect(discovery.issuer).toBe('http://localhost:8080/oidc')
    expect(discovery.authorization_endpoint).toBe('http://localhost:8080/oidc/auth')
    expect(discovery.end_session_endpoint).toBeDefined()
    expect(discovery.backchannel_logout_supported).toBe(true)
    expect(discovery.code_challenge_methods_supported).toEqual(['S256'])
  })

  it('serves a JWKS with an RS256 and an ES256 public key', async () => {
    const response = await call(t, 'GET', '/oidc/jwks')
    expect(response.statusCode).toBe(200)
    const { keys } = response.json<{ keys: Record<string, unknown>[] }>()
    expect(keys.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256'])
    for (const key of keys) expect(key.d).toBeUndefined()
  })
})

describe('the authorization code flow', () => {
  it('signs the console user in with PKCE; the id token has the claims and the lifetime', async () => {
    const svc = await service()
    const { code, verifier } = await codeFor(svc)
    const response = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: svc.key,
      code_verifier: verifier,
    })
    expect(response.statusCode, response.body).toBe(200)
    const tokens = response.json<Record<string, string | number>>()
    expect(tokens.expires_in).toBe(2 * 3600)
    expect(tokens.refresh_token).toBeTruthy()
    const jwks = createLocalJWKSet((await call(t, 'GET', '/oidc/jwks')).json())
    const { payload } = await jwtVerify(String(tokens.id_token), jwks, {
      issuer: 'http://localhost:8080/oidc',
      audience: svc.key,
    })
    expect(payload.email).toBe(ADMIN.email)
    expect(payload.nonce).toBe('nonce-1')
    expect(payload.exp! - payload.iat!).toBe(2 * 3600)
    expect(payload.gatehouse_permissions).toBeUndefined()

    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
      client_id: svc.key,
    })
    expect(refreshed.statusCode, refreshed.body).toBe(200)
    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/oidc/me',
      headers: {
        authorization: `Bearer ${refreshed.json<{ access_token: string }>().access_token}`,
      },
    })
    expect(userinfo.json<{ sub: string }>().sub).toBe(payload.sub)
  })

  it('asks consent for a third-party service, then signs in', async () => {
    const svc = await service({ firstParty: false })
    const { code } = await codeFor(svc)
    expect(code).toBeTruthy()
  })

  it('a first-party service asks no consent after a sign-out removed its grant', async () => {
    const svc = await service()
    const first = await signIn(t, ADMIN.email, ADMIN.password)
    const jar = new CookieJar(first)
    await codeFor(svc, jar)
    // Signing out of the console revokes the session's grants; the provider's own session cookie
    // still names the grant it had.
    const out = await call(t, 'POST', '/v1/logout', undefined, { cookie: first })
    expect(out.statusCode, out.body).toBe(200)
    jar.set(await signIn(t, ADMIN.email, ADMIN.password))
    const { challenge } = pkce()
    const start = await follow(
      t,
      jar,
      await browse(
        t,
        jar,
        'GET',
        authorizeUrl({ clientId: svc.key, redirectUri: REDIRECT, challenge }),
      ),
    )
    let left = start.leftFor
    if (!left) {
      const login = await browse(t, jar, 'POST', `/oidc/interaction/${start.interaction}/login`)
      expect(login.statusCode, login.body).toBe(200)
      const returnTo = login.json<{ results: { returnTo: string } }>().results.returnTo
      const next = await follow(t, jar, await browse(t, jar, 'GET', returnTo))
      // No second interaction: a consent prompt would be one.
      expect(next.interaction).toBeUndefined()
      left = next.leftFor
    }
    // Back at the service with a code.
    expect(left?.searchParams.get('code'), left?.toString()).toBeTruthy()
  })

  it('lists the service with the session it signed in from, in the sessions sync', async () => {
    const svc = await service()
    await codeFor(svc)
    // The provider's answer waits for the record (which re-stamps the session, telling the
    // consoles): by the time the service has its code, the sign-in is stored.
    const synced = await call(
      t,
      'POST',
      '/v1/sync/sessions',
      { cursor: null, batchSize: 5000 },
      { cookie: admin },
    )
    expect(synced.statusCode, synced.body).toBe(200)
    const nodes = synced.json<{
      results: { nodes: { id: string; services?: { id: string; name: string }[] }[] }
    }>().results.nodes
    const signedIn = nodes.filter((n) => n.services?.some((s) => s.id === svc.id))
    expect(signedIn).toHaveLength(1)
    expect(signedIn[0]!.services).toContainEqual({ id: svc.id, name: 'Alpha Desk' })
  })

  it('refuses a redirect URI the service did not register', async () => {
    const svc = await service()
    const jar = new CookieJar(admin)
    const response = await browse(
      t,
      jar,
      'GET',
      authorizeUrl({
        clientId: svc.key,
        redirectUri: 'https://evil.example.com/cb',
        challenge: pkce().challenge,
      }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('redirect_uri')
  })

  it('refuses a public client that sends no PKCE challenge', async () => {
    const svc = await service()
    const jar = new CookieJar(admin)
    const { leftFor } = await follow(
      t,
      jar,
      await browse(t, jar, 'GET', authorizeUrl({ clientId: svc.key, redirectUri: REDIRECT })),
    )
    expect(leftFor?.searchParams.get('error')).toBe('invalid_request')
    expect(leftFor?.searchParams.get('error_description')).toMatch(/PKCE/)
  })

  it('refuses a replayed code and revokes what the first use gave', async () => {
    const svc = await service()
    const { code, verifier } = await codeFor(svc)
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: svc.key,
      code_verifier: verifier,
    }
    const first = await tokenRequest(t, form)
    expect(first.statusCode).toBe(200)
    const second = await tokenRequest(t, form)
    expect(second.statusCode).toBe(400)
    expect(second.json<{ error: string }>().error).toBe('invalid_grant')
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: first.json<{ refresh_token: string }>().refresh_token,
      client_id: svc.key,
    })
    expect(refresh.json<{ error: string }>().error).toBe('invalid_grant')
  })

  it('stops a deleted service at once and accepts it again on restore', async () => {
    const svc = await service()
    await call(t, 'DELETE', `/v1/service/${svc.id}`, undefined, { cookie: admin })
    const jar = new CookieJar(admin)
    const refused = await browse(
      t,
      jar,
      'GET',
      authorizeUrl({ clientId: svc.key, redirectUri: REDIRECT, challenge: pkce().challenge }),
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('invalid_client')
    await call(t, 'PUT', `/v1/service/${svc.id}/restore`, undefined, { cookie: admin })
    await codeFor(svc)
  })

  it('audits the sign-in as oidc.authorize with the service', async () => {
    const svc = await service()
    await codeFor(svc)
    const { auditLog } = await import('../../server/db/schema/audit')
    const { eq } = await import('drizzle-orm')
    // The provider's answer waits for its event's row.
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'oidc.authorize'))
    expect(
      rows.some((r) => (r.detail as { serviceKey?: string } | null)?.serviceKey === svc.key),
    ).toBe(true)
  })

  it('gives first-party services the permissions scope', async () => {
    const svc = await service()
    const { code, verifier } = await codeFor(svc, new CookieJar(admin), {
      scope: 'openid gatehouse:permissions',
    })
    const tokens = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: svc.key,
      code_verifier: verifier,
    })
    const claims = decodeJwt(tokens.json<{ id_token: string }>().id_token)
    expect(claims.gatehouse_permissions).toEqual(expect.any(Array))
  })
})

describe('RP-initiated logout', () => {
  it('ends the Gatehouse session and sends the browser to the post-logout URI', async () => {
    const svc = await service({ postLogoutRedirectUris: ['https://alpha.example.com/bye'] })
    const own = await signIn(t, ADMIN.email, ADMIN.password)
    const { code, verifier, jar } = await codeFor(svc, new CookieJar(own))
    const tokens = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: svc.key,
      code_verifier: verifier,
    })
    const idToken = tokens.json<{ id_token: string }>().id_token
    const params = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: 'https://alpha.example.com/bye',
      state: 'bye',
    })
    const page = await browse(t, jar, 'GET', `/oidc/session/end?${params}`)
    expect(page.statusCode, page.body).toBe(200)
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1]
    expect(xsrf).toBeTruthy()
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    })
    jar.take(confirmed)
    expect(confirmed.statusCode, confirmed.body).toBe(303)
    expect(String(confirmed.headers.location)).toMatch(
      /^https:\/\/alpha\.example\.com\/bye\?state=bye/,
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie: own })
    expect(self.statusCode).toBe(401)
  })
})
