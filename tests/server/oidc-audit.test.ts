import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { ADMIN, call, signIn, useTestApp } from './helper'
import { CookieJar, pkce, registerService, signInToService, tokenRequest } from './oidc-flow'

// OIDC_PRIVATE_BACKCHANNEL is off: the provider refuses to post to loopback addresses.
const t = useTestApp()
let admin: string
let serial = 0
const REDIRECT = 'https://gamma.example.com/callback'

let receiver: Server
let receiverUrl: string
let received = 0

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  receiver = createServer((_req, res) => {
    received++
    res.end()
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/backchannel`
})
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

const register = (fields: Record<string, unknown> = {}) =>
  registerService(t, admin, { key: `gamma-${++serial}` }, REDIRECT, fields)

/** The reasons of the failed audit rows of `action` for the service with this key. */
async function reasons(action: string, serviceKey: string) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.outcome, 'failure')))
  return rows
    .map((row) => row.detail as { serviceKey?: string; reason?: string } | null)
    .filter((detail) => detail?.serviceKey === serviceKey)
    .map((detail) => detail?.reason)
}

async function codeFor(key: string) {
  const { verifier, challenge } = pkce()
  const left = await signInToService(t, new CookieJar(admin), {
    clientId: key,
    redirectUri: REDIRECT,
    challenge,
  })
  return { code: left.searchParams.get('code') ?? '', verifier }
}

describe('a refused client authentication', () => {
  it('keeps why in the audit row: a wrong secret, no secret, an unknown client', async () => {
    const svc = await register({ clientType: 'confidential' })
    const secret = await call(
      t,
      'POST',
      `/v1/service/${svc.id}/secrets`,
      { name: 'first' },
      { cookie: admin },
    )
    expect(secret.statusCode, secret.body).toBe(200)
    const { code, verifier } = await codeFor(svc.key)
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }
    const wrong = await tokenRequest(
      t,
      { ...form, code_verifier: verifier },
      {
        id: svc.key,
        secret: 'not-the-secret',
      },
    )
    expect(wrong.statusCode).toBe(401)
    const none = await tokenRequest(t, { ...form, code_verifier: verifier, client_id: svc.key })
    expect(none.statusCode).toBe(401)
    const unknown = await tokenRequest(t, form, { id: 'no-such-service', secret: 'x' })
    expect(unknown.statusCode).toBe(401)

    const mine = await reasons('oidc.token', svc.key)
    expect(mine).toContain('invalid_client: client authentication failed (invalid secret provided)')
    expect(mine).toContainEqual(
      expect.stringMatching(
        /^invalid_client: client authentication failed \(the provided authentication mechanism does not match/,
      ),
    )
    expect(await reasons('oidc.token', 'no-such-service')).toContain(
      'invalid_client: client authentication failed (client not found)',
    )
  })
})

describe('a back-channel logout the loopback guard blocks', () => {
  it('keeps the guard’s reason in the audit row', async () => {
    const svc = await register({ backchannelLogoutUri: receiverUrl })
    const own = await signIn(t, ADMIN.email, ADMIN.password)
    await signInToService(t, new CookieJar(own), {
      clientId: svc.key,
      redirectUri: REDIRECT,
      challenge: pkce().challenge,
    })
    const out = await call(t, 'POST', '/v1/logout', undefined, { cookie: own })
    expect(out.statusCode, out.body).toBe(200)
    expect(received).toBe(0)
    expect(await reasons('oidc.backchannel_logout', svc.key)).toEqual([
      'fetch failed: hostname resolves to a special-use IP address',
    ])
  })
})
