import { Writable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, call, signIn, useTestApp } from './helper'
import {
  CookieJar,
  pkce,
  registerService,
  signInToService,
  tokenRequest,
  tokensFor,
} from './oidc-flow'

/** Every line of the app's JSON log. */
const lines: Record<string, unknown>[] = []
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>)
    done()
  },
})

// The console's lines of this file, to see that the provider prints none of its own.
const printed: string[] = []
for (const method of ['info', 'warn', 'log', 'error'] as const) {
  const original = console[method].bind(console)
  console[method] = (...args: unknown[]) => {
    printed.push(args.map(String).join(' '))
    original(...args)
  }
}

const t = useTestApp({}, { logger: { level: 'info', stream } })
let admin: string
let serial = 0
const REDIRECT = 'https://zeta.example.com/callback'
const OWN = 'https://zeta.example.com'

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

const register = (fields: Record<string, unknown> = {}) =>
  registerService(t, admin, { key: `zeta-${++serial}` }, REDIRECT, fields)

async function newSecret(serviceId: string) {
  const response = await call(
    t,
    'POST',
    `/v1/service/${serviceId}/secrets`,
    { name: 'first' },
    { cookie: admin },
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ results: { value: string } }>().results.value
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`

async function codeFor(jar: CookieJar, key: string) {
  const { verifier, challenge } = pkce()
  const left = await signInToService(t, jar, { clientId: key, redirectUri: REDIRECT, challenge })
  return { code: left.searchParams.get('code') ?? '', verifier }
}

const fromOrigin = (origin: string, method: 'GET' | 'POST', url: string, extra = {}) =>
  t.app.inject({ method, url, headers: { origin, ...extra } })

describe('browsers calling a client’s endpoints (CORS)', () => {
  it('are allowed from the origins of its redirect URIs only', async () => {
    const svc = await register()
    const jar = new CookieJar(admin)
    const tokens = await tokensFor(t, jar, svc, REDIRECT)
    const bearer = { authorization: `Bearer ${tokens.access_token}` }

    const own = await fromOrigin(OWN, 'GET', '/oidc/me', bearer)
    expect(own.statusCode, own.body).toBe(200)
    expect(own.headers['access-control-allow-origin']).toBe(OWN)
    const foreign = await fromOrigin('https://evil.example', 'GET', '/oidc/me', bearer)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
    expect(foreign.json<{ error_description: string }>().error_description).toBe(
      `origin https://evil.example not allowed for client: ${svc.key}`,
    )
    const sandboxed = await fromOrigin('null', 'GET', '/oidc/me', bearer)
    expect(sandboxed.statusCode).toBe(400)

    const refresh = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: svc.key,
        }).toString(),
      })
    const refused = await refresh('https://evil.example')
    expect(refused.statusCode).toBe(400)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    const allowed = await refresh(OWN)
    expect(allowed.statusCode, allowed.body).toBe(200)
    expect(allowed.headers['access-control-allow-origin']).toBe(OWN)
  })

  it('never reach a confidential client’s token endpoint; its pages may read userinfo', async () => {
    const svc = await register({ clientType: 'confidential' })
    const secret = await newSecret(svc.id)
    const jar = new CookieJar(admin)
    const { code, verifier } = await codeFor(jar, svc.key)
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    }).toString()
    const exchange = (origin?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: {
          ...(origin ? { origin } : {}),
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic(svc.key, secret),
        },
        payload: form,
      })
    const fromPage = await exchange(OWN)
    expect(fromPage.statusCode).toBe(400)
    expect(fromPage.headers['access-control-allow-origin']).toBeUndefined()
    // From its server (no Origin), the same code is good.
    const fromServer = await exchange()
    expect(fromServer.statusCode, fromServer.body).toBe(200)
    const bearer = {
      authorization: `Bearer ${fromServer.json<{ access_token: string }>().access_token}`,
    }
    const userinfo = await fromOrigin(OWN, 'GET', '/oidc/me', bearer)
    expect(userinfo.statusCode, userinfo.body).toBe(200)
    expect(userinfo.headers['access-control-allow-origin']).toBe(OWN)
  })

  it('leave discovery and the keys open to every origin', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
      const response = await fromOrigin('https://anyone.example', 'GET', url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['access-control-allow-origin']).toBe('https://anyone.example')
    }
  })
})

describe('token revocation', () => {
  const revoke = (clientId: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, client_id: clientId }).toString(),
    })
  const refreshWith = (clientId: string, token: string) =>
    tokenRequest(t, { grant_type: 'refresh_token', refresh_token: token, client_id: clientId })

  it('does not let a confidential client revoke another’s token, nor tell it the token exists', async () => {
    const confidential = await register({ clientType: 'confidential' })
    const secret = await newSecret(confidential.id)
    const svc = await register()
    const tokens = await tokensFor(t, new CookieJar(admin), svc, REDIRECT)
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(confidential.key, secret),
      },
      payload: new URLSearchParams({ token: tokens.refresh_token }).toString(),
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await refreshWith(svc.key, tokens.refresh_token)).statusCode).toBe(200)
  })

  it('lets a client revoke its own tokens and no one else’s, answering both alike', async () => {
    const svc = await register()
    const other = await register()
    const tokens = await tokensFor(t, new CookieJar(admin), svc, REDIRECT)

    const foreign = await revoke(other.key, tokens.refresh_token)
    expect(foreign.statusCode).toBe(200)
    expect(foreign.body).toBe('')
    const stillGood = await refreshWith(svc.key, tokens.refresh_token)
    expect(stillGood.statusCode, stillGood.body).toBe(200)
    const rotated = stillGood.json<{ refresh_token: string }>().refresh_token

    const own = await revoke(svc.key, rotated)
    expect(own.statusCode).toBe(200)
    expect((await refreshWith(svc.key, rotated)).statusCode).toBe(400)
  })
})

describe('the provider’s messages', () => {
  it('print no notice of a default it still uses, and go to the JSON log', () => {
    // Everything above ran the provider's pages, CORS and revocation: no default was called.
    expect(printed.filter((line) => line.includes('oidc-provider'))).toEqual([])
    expect(lines.some((line) => String(line.msg).includes('default'))).toBe(false)

    // A line as the provider's notices are printed (lib/helpers/attention.js).
    console.info('oidc-provider NOTICE: a notice for the test')
    console.warn('\u001b[31;1moidc-provider WARNING: a warning for the test\u001b[0m')
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, source: 'oidc-provider', msg: 'a notice for the test' }),
    )
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        source: 'oidc-provider',
        msg: 'a warning for the test',
      }),
    )
    expect(printed.filter((line) => line.includes('oidc-provider'))).toEqual([])
  })

  it('log the provider’s refusals with their reason', async () => {
    const before = lines.length
    await t.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=nobody&token=x',
    })
    expect(lines.slice(before)).toContainEqual(
      expect.objectContaining({
        msg: 'oidc refused',
        event: 'revocation.error',
        serviceKey: 'nobody',
        reason: 'invalid_client: client authentication failed (client not found)',
      }),
    )
  })
})
