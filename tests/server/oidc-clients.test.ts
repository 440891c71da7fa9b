import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Service } from '../../schema/service'
import { rotateSigningKeys } from '../../server/use-cases/oidc-keys'
import {
  countOidcModels,
  findOidcModel,
  findOidcModelBy,
  purgeExpiredOidcModels,
  revokeOidcGrant,
  upsertOidcModel,
  consumeOidcModel,
} from '../../server/repos/oidc-models'
import { ADMIN, call, signIn, useTestApp } from './helper'
import {
  confirmLogout,
  CookieJar,
  decodeJwt,
  logoutPageFor,
  pkce,
  signInToService,
  tokenRequest,
  tokensFor,
} from './oidc-flow'

const t = useTestApp({ OIDC_PRIVATE_BACKCHANNEL: 'true' })
let admin: string
let serial = 0
const REDIRECT = 'https://beta.example.com/callback'

let receiver: Server
let receiverUrl: string
const logoutTokens: string[] = []

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '')
      res.statusCode = 200
      res.end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/backchannel`
})
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

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
  const created = await call(
    t,
    'POST',
    '/v1/service',
    { key: `beta-${++serial}` },
    { cookie: admin },
  )
  const { id } = created.json<{ results: { service: Service } }>().results.service
  let row = await put(id, 'redirectUris', [REDIRECT])
  for (const [field, value] of Object.entries(fields)) row = await put(id, field, value)
  return row
}

async function newSecret(svc: Service, overlapHours?: number) {
  const response = await call(
    t,
    'POST',
    `/v1/service/${svc.id}/secrets`,
    { name: `secret ${++serial}`, ...(overlapHours === undefined ? {} : { overlapHours }) },
    { cookie: admin },
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ results: { value: string; secret: { id: string } } }>().results
}

async function codeFor(svc: Service, jar: CookieJar) {
  const { verifier, challenge } = pkce()
  const left = await signInToService(t, jar, {
    clientId: svc.key,
    redirectUri: REDIRECT,
    challenge,
  })
  return { code: left.searchParams.get('code')!, verifier }
}

const exchange = (svc: Service, code: string, verifier: string, secret?: string) =>
  tokenRequest(
    t,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      ...(secret ? {} : { client_id: svc.key }),
    },
    secret ? { id: svc.key, secret } : undefined,
  )

describe('confidential services', () => {
  it('authenticate with their secret; a wrong one is refused', async () => {
    const svc = await service({ clientType: 'confidential' })
    const { value } = await newSecret(svc)
    const jar = new CookieJar(admin)
    const wrong = await codeFor(svc, jar)
    const refused = await exchange(svc, wrong.code, wrong.verifier, 'not-the-secret')
    expect(refused.statusCode).toBe(401)
    expect(refused.json<{ error: string }>().error).toBe('invalid_client')
    const right = await codeFor(svc, jar)
    expect((await exchange(svc, right.code, right.verifier, value)).statusCode).toBe(200)
  })

  it('keep the previous secret working during the overlap of a rotation, not after', async () => {
    const svc = await service({ clientType: 'confidential' })
    const first = await newSecret(svc)
    const second = await newSecret(svc, 1)
    const jar = new CookieJar(admin)
    for (const secret of [first.value, second.value]) {
      const { code, verifier } = await codeFor(svc, jar)
      expect((await exchange(svc, code, verifier, secret)).statusCode).toBe(200)
    }
    // No overlap: the secrets before this one stop at once.
    const third = await newSecret(svc, 0)
    const stale = await codeFor(svc, jar)
    expect((await exchange(svc, stale.code, stale.verifier, second.value)).statusCode).toBe(401)
    const fresh = await codeFor(svc, jar)
    expect((await exchange(svc, fresh.code, fresh.verifier, third.value)).statusCode).toBe(200)
    const listed = await call(t, 'GET', `/v1/service/${svc.id}/secrets`, undefined, {
      cookie: admin,
    })
    expect(listed.json<{ results: { secrets: unknown[] } }>().results.secrets).toHaveLength(1)
  })

  it('a revoked secret stops at once', async () => {
    const svc = await service({ clientType: 'confidential' })
    const { value, secret } = await newSecret(svc)
    const revoked = await call(
      t,
      'DELETE',
      `/v1/service/${svc.id}/secrets/${secret.id}`,
      undefined,
      { cookie: admin },
    )
    expect(revoked.statusCode, revoked.body).toBe(200)
    const { code, verifier } = await codeFor(svc, new CookieJar(admin))
    expect((await exchange(svc, code, verifier, value)).statusCode).toBe(401)
  })

  it('a public service has no secrets', async () => {
    const svc = await service()
    const response = await call(
      t,
      'POST',
      `/v1/service/${svc.id}/secrets`,
      { name: 'x' },
      { cookie: admin },
    )
    expect(response.statusCode).toBe(409)
  })
})

describe('revoking a console session', () => {
  it('revokes the services’ refresh tokens and sends them back-channel logout', async () => {
    const svc = await service({ backchannelLogoutUri: receiverUrl })
    const own = await signIn(t, ADMIN.email, ADMIN.password)
    const jar = new CookieJar(own)
    const { code, verifier } = await codeFor(svc, jar)
    const tokens = (await exchange(svc, code, verifier)).json<{
      refresh_token: string
      id_token: string
    }>()
    const sid = decodeJwt(tokens.id_token).sid
    const sessions = await call(t, 'POST', '/v1/sessions', {}, { cookie: admin })
    const nodes = sessions.json<{ results: { nodes: { id: string; createdAt: string }[] } }>()
      .results.nodes
    const newest = nodes.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!
    const revoked = await call(t, 'DELETE', `/v1/session/${newest.id}`, undefined, {
      cookie: admin,
    })
    expect(revoked.statusCode, revoked.body).toBe(200)
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: svc.key,
    })
    expect(refresh.json<{ error: string }>().error).toBe('invalid_grant')
    expect(logoutTokens.length).toBeGreaterThan(0)
    const claims = decodeJwt(logoutTokens.at(-1)!)
    expect(claims.aud).toBe(svc.key)
    expect(claims.sid).toBe(sid)
  })
})

describe('RP-initiated logout', () => {
  const tokensOf = (svc: Service) =>
    logoutTokens.filter((token) => token && decodeJwt(token).aud === svc.key)

  it('sends each service of the session exactly one back-channel logout token', async () => {
    const svc = await service({
      backchannelLogoutUri: receiverUrl,
      postLogoutRedirectUris: ['https://beta.example.com/bye'],
    })
    const other = await service({ backchannelLogoutUri: receiverUrl })
    const own = await signIn(t, ADMIN.email, ADMIN.password)
    const jar = new CookieJar(own)
    const tokens = await tokensFor(t, jar, svc, REDIRECT)
    await tokensFor(t, jar, other, REDIRECT)
    const { xsrf } = await logoutPageFor(t, jar, {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'https://beta.example.com/bye',
    })
    const confirmed = await confirmLogout(t, jar, xsrf!, true)
    expect(confirmed.statusCode, confirmed.body).toBe(303)
    // The answer waits for the provider's posts and for ours: every token has arrived.
    expect(tokensOf(svc)).toHaveLength(1)
    expect(tokensOf(other)).toHaveLength(1)
    expect(decodeJwt(tokensOf(svc)[0]!).sid).toBe(decodeJwt(tokens.id_token).sid)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie: own })).statusCode).toBe(401)
  })

  it('No, stay signed in: signs out of the asking service only and keeps the session', async () => {
    const svc = await service({ backchannelLogoutUri: receiverUrl })
    const other = await service({ backchannelLogoutUri: receiverUrl })
    const own = await signIn(t, ADMIN.email, ADMIN.password)
    const jar = new CookieJar(own)
    const tokens = await tokensFor(t, jar, svc, REDIRECT)
    const kept = await tokensFor(t, jar, other, REDIRECT)
    const { xsrf } = await logoutPageFor(t, jar, { id_token_hint: tokens.id_token })
    const confirmed = await confirmLogout(t, jar, xsrf!, false)
    expect(confirmed.statusCode, confirmed.body).toBe(303)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie: own })).statusCode).toBe(200)
    expect(tokensOf(svc)).toHaveLength(1)
    expect(tokensOf(other)).toHaveLength(0)
    const refresh = (svcKey: string, token: string) =>
      tokenRequest(t, { grant_type: 'refresh_token', refresh_token: token, client_id: svcKey })
    expect((await refresh(svc.key, tokens.refresh_token)).statusCode).toBe(400)
    expect((await refresh(other.key, kept.refresh_token)).statusCode).toBe(200)
    // The console's session no longer lists the service it left.
    const synced = await call(
      t,
      'POST',
      '/v1/sync/sessions',
      { cursor: null, batchSize: 5000 },
      { cookie: admin },
    )
    const services = synced
      .json<{ results: { nodes: { services?: { id: string }[] }[] } }>()
      .results.nodes.flatMap((node) => node.services ?? [])
      .map((s) => s.id)
    expect(services).toContain(other.id)
    expect(services).not.toContain(svc.id)
  })
})

describe('signing keys', () => {
  it('rotate: the new key signs, the previous one stays published', async () => {
    const before = (await call(t, 'GET', '/oidc/jwks')).json<{ keys: { kid: string }[] }>().keys
    const kids = await rotateSigningKeys(t.db, { ip: 'test', userAgent: 'test' })
    expect(await t.app.oidc.reloadKeys()).toBe(true)
    const after = (await call(t, 'GET', '/oidc/jwks')).json<{ keys: { kid: string }[] }>().keys
    expect(after.map((k) => k.kid)).toEqual([...kids, ...before.map((k) => k.kid)])
    const svc = await service()
    const { code, verifier } = await codeFor(svc, new CookieJar(admin))
    const idToken = (await exchange(svc, code, verifier)).json<{ id_token: string }>().id_token
    const header = JSON.parse(Buffer.from(idToken.split('.')[0]!, 'base64url').toString()) as {
      kid: string
    }
    expect(kids).toContain(header.kid)
    // A second rotation retires the oldest set.
    await rotateSigningKeys(t.db, { ip: 'test', userAgent: 'test' })
    await t.app.oidc.reloadKeys()
    const third = (await call(t, 'GET', '/oidc/jwks')).json<{ keys: { kid: string }[] }>().keys
    expect(third).toHaveLength(4)
    expect(third.map((k) => k.kid)).not.toContain(before[0]!.kid)
  })
})

describe('the adapter', () => {
  it('stores, finds by uid, consumes, revokes by grant and purges expired instances', async () => {
    await upsertOidcModel(t.db, 'AuthorizationCode', 'c1', { grantId: 'g1', uid: 'u1' }, 60)
    await upsertOidcModel(t.db, 'RefreshToken', 'r1', { grantId: 'g1' }, 60)
    await upsertOidcModel(t.db, 'TestModel', 's1', { uid: 'su1' }, -1)
    expect(await findOidcModelBy(t.db, 'AuthorizationCode', 'uid', 'u1')).toMatchObject({
      grantId: 'g1',
    })
    await consumeOidcModel(t.db, 'AuthorizationCode', 'c1')
    expect((await findOidcModel(t.db, 'AuthorizationCode', 'c1'))?.consumed).toEqual(
      expect.any(Number),
    )
    expect(await findOidcModel(t.db, 'TestModel', 's1')).toBeUndefined()
    await revokeOidcGrant(t.db, 'g1')
    expect(await findOidcModel(t.db, 'RefreshToken', 'r1')).toBeUndefined()
    expect(await purgeExpiredOidcModels(t.db, new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(
      1,
    )
    expect(await countOidcModels(t.db, 'TestModel')).toBe(0)
  })
})
