import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema/users'
import { totpCodeAt } from '../../server/domain/totp'
import { ADMIN, call, sessionCookieOf, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'
import {
  browse,
  CookieJar,
  decodeJwt,
  follow,
  authorizeUrl,
  pkce,
  registerService,
  tokenRequest,
} from './oidc-flow'

// Second factors in single sign-on (docs/second-factors.md): id tokens carry amr and acr, and a
// service that asks acr_values=mfa, or is marked "requires a second factor", gets one or an error.
const t = useTestApp()
const REDIRECT = 'https://mfa.example.com/callback'
let admin: string
let serial = 0

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

const newService = (fields: Record<string, unknown> = {}) =>
  registerService(t, admin, { key: `mfa-${++serial}` }, REDIRECT, fields)

/** Starts a sign-in into `clientId` with the jar's console session and follows it to its end. */
async function authorize(jar: CookieJar, clientId: string, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce()
  const first = await follow(
    t,
    jar,
    await browse(
      t,
      jar,
      'GET',
      authorizeUrl({ clientId, redirectUri: REDIRECT, challenge, extra }),
    ),
  )
  expect(first.interaction, first.response.body).toBeDefined()
  const login = await browse(t, jar, 'POST', `/oidc/interaction/${first.interaction}/login`)
  if (login.statusCode !== 200) return { login }
  const returnTo = login.json<{ results: { returnTo: string } }>().results.returnTo
  const left = await follow(t, jar, await browse(t, jar, 'GET', returnTo))
  return { login, left: left.leftFor!, verifier }
}

async function idTokenOf(left: URL, clientId: string, verifier: string) {
  const tokens = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code: left.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT,
    client_id: clientId,
    code_verifier: verifier,
  })
  expect(tokens.statusCode, tokens.body).toBe(200)
  return decodeJwt(tokens.json<{ id_token: string }>().id_token)
}

/** A user with an authenticator app, signed in with it: answers the console session's jar. */
async function signedInWithApp() {
  const user = await createUser(t)
  const cookie = await signIn(t, user.email, user.password)
  const setup = await call(
    t,
    'POST',
    '/v1/factors/authenticator',
    { password: user.password },
    { cookie },
  )
  const { setupId, secret } = setup.json<{ results: { setupId: string; secret: string } }>().results
  await call(
    t,
    'POST',
    '/v1/factors/authenticator/confirm',
    { setupId, code: totpCodeAt(secret, new Date()) },
    { cookie },
  )
  const step = await call(t, 'POST', '/v1/login', { username: user.email, password: user.password })
  const { mfaId } = step.json<{ results: { mfaId: string } }>().results
  const done = await call(t, 'POST', '/v1/login/verify', {
    userId: user.id,
    requestId: mfaId,
    accessCode: totpCodeAt(secret, new Date(Date.now() + 30_000)),
    service: 'sso',
  })
  expect(done.statusCode, done.body).toBe(200)
  return { user, jar: new CookieJar(sessionCookieOf(done)) }
}

describe('second factors in single sign-on', () => {
  it('puts amr and acr in the id token: pwd for a password sign-in', async () => {
    const service = await newService()
    const user = await createUser(t)
    const jar = new CookieJar(await signIn(t, user.email, user.password))
    const { left, verifier } = await authorize(jar, service.key)
    const claims = await idTokenOf(left!, service.key, verifier!)
    expect(claims).toMatchObject({ amr: ['pwd'], acr: 'pwd' })
  })

  it('answers acr mfa, amr otp and mfa, for a sign-in with an authenticator app, and serves acr_values=mfa', async () => {
    const service = await newService()
    const { jar } = await signedInWithApp()
    const { left, verifier } = await authorize(jar, service.key, { acr_values: 'mfa' })
    const claims = await idTokenOf(left!, service.key, verifier!)
    expect(claims).toMatchObject({ acr: 'mfa', amr: ['pwd', 'otp', 'mfa'] })
  })

  it('sends the service an error it can read when it asks acr_values=mfa of a user without a factor', async () => {
    const service = await newService()
    const user = await createUser(t)
    const jar = new CookieJar(await signIn(t, user.email, user.password))
    const { left } = await authorize(jar, service.key, { acr_values: 'mfa' })
    expect(left!.origin + left!.pathname).toBe(REDIRECT)
    expect(left!.searchParams.get('error')).toBe('unmet_authentication_requirements')
    expect(left!.searchParams.get('error_description')).toMatch(/second factor/)
  })

  it('does the same for a service marked "requires a second factor"', async () => {
    const service = await newService({ requireMfa: true })
    expect(service.requireMfa).toBe(true)
    const user = await createUser(t)
    const jar = new CookieJar(await signIn(t, user.email, user.password))
    const { left } = await authorize(jar, service.key)
    expect(left!.searchParams.get('error')).toBe('unmet_authentication_requirements')
    const app = await signedInWithApp()
    const ok = await authorize(app.jar, service.key)
    expect(ok.left!.searchParams.get('code')).toBeTruthy()
  })

  it('asks a user who has a factor but signed in without it to sign in again', async () => {
    const service = await newService()
    const user = await createUser(t)
    const jar = new CookieJar(await signIn(t, user.email, user.password))
    // A factor set up elsewhere after this session began.
    await t.db.update(users).set({ authenticatorAt: new Date() }).where(eq(users.id, user.id))
    const { login } = await authorize(jar, service.key, { acr_values: 'mfa' })
    expect(login.statusCode).toBe(401)
    expect(login.json()).toMatchObject({ error: { message: /second factor/ } })
  })

  it('lists the acr values in discovery', async () => {
    const discovery = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    })
    expect(discovery.json()).toMatchObject({ acr_values_supported: ['pwd', 'mfa'] })
  })
})
