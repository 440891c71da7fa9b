import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { passkeys, webauthnChallenges } from '../../server/db/schema/passkeys'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { call, sessionCookieOf, signIn, useTestApp } from './helper'
import { accountCounter, anyString, createUser, setAccountCounter } from './fixtures'
import { SoftAuthenticator } from './soft-authenticator'

// PUBLIC_URL is http://localhost:8080 in every server test: the RP ID is localhost.
const ORIGIN = 'http://localhost:8080'
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const t = useTestApp({ THROTTLE_MAX_FAILURES: '3', THROTTLE_WINDOW_SECONDS: '600' })

type Options<T> = { success: true; results: { challengeId: string; options: T } }
type Failure = { success: false; error: { code: number; message: string } }

let addresses = 0
/** A client address of its own, so one test's failures never throttle another's. */
const freshIp = () => `198.51.100.${++addresses}`

async function signedIn(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, fields)
  return { user, cookie: await signIn(t, user.email, user.password) }
}

const asChrome = (cookie: string) => ({ cookie, headers: { 'user-agent': CHROME_ON_LINUX } })

async function registrationOptions(cookie: string, password: string) {
  const response = await call(
    t,
    'POST',
    '/v1/passkeys/registration/options',
    { password },
    {
      cookie,
    },
  )
  expect(response.statusCode).toBe(200)
  return response.json<Options<PublicKeyCredentialCreationOptionsJSON>>().results
}

/** Enables biometric login for a signed-in user with a new software authenticator. */
async function register(who: { user: { password: string }; cookie: string }) {
  const authenticator = new SoftAuthenticator(ORIGIN)
  const { challengeId, options } = await registrationOptions(who.cookie, who.user.password)
  const response = authenticator.register(options)
  const answer = await call(
    t,
    'POST',
    '/v1/passkeys/registration',
    { challengeId, response },
    asChrome(who.cookie),
  )
  expect(answer.statusCode).toBe(200)
  const { passkey } = answer.json<{ results: { passkey: { id: string } } }>().results
  return { authenticator, passkey }
}

async function signInOptions(ip?: string) {
  const response = await call(t, 'POST', '/v1/login/passkey/options', undefined, { ip })
  expect(response.statusCode).toBe(200)
  return response.json<Options<PublicKeyCredentialRequestOptionsJSON>>().results
}

async function passkeySignIn(authenticator: SoftAuthenticator, ip?: string) {
  const { challengeId, options } = await signInOptions(ip)
  const response = authenticator.authenticate(options)
  return call(t, 'POST', '/v1/login/passkey', { challengeId, response }, { ip })
}

describe('registration (enabling biometric login)', () => {
  it('needs a session', async () => {
    const response = await call(t, 'POST', '/v1/passkeys/registration/options', {
      password: 'whatever1',
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 401 } })
  })

  it('needs the account password: 401, code 805 as the email change, and audited', async () => {
    const { user, cookie } = await signedIn()
    const response = await call(
      t,
      'POST',
      '/v1/passkeys/registration/options',
      { password: 'Wrong#password1' },
      { cookie },
    )
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      success: false,
      error: { code: 805, message: 'The password is not correct.' },
    })
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'user.updated')))
    expect(audit).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        detail: {
          field: 'passkey',
          reason: 'wrong password',
          device: 'unknown',
          failedAttempts: 1,
        },
      }),
    ])
    const stored = await t.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.userId, user.id))
    expect(stored).toEqual([])
  })

  it('offers a discoverable, user-verified passkey for PUBLIC_URL', async () => {
    const { user, cookie } = await signedIn()
    const { challengeId, options } = await registrationOptions(cookie, user.password)
    expect(challengeId).toEqual(anyString())
    expect(options).toMatchObject({
      rp: { name: 'Gatehouse', id: 'localhost' },
      user: { name: user.email, id: Buffer.from(user.id).toString('base64url') },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    })
    const [row] = await t.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.id, challengeId))
    expect(row).toMatchObject({ userId: user.id, purpose: 'registration' })
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)
    expect(lifetime).toBe(5 * 60_000)
  })

  it('stores the passkey labelled with the device, lists it, and excludes it next time', async () => {
    const who = await signedIn()
    const { passkey } = await register(who)
    expect(passkey).toEqual({
      id: anyString(),
      label: 'Chrome on Linux',
      createdAt: anyString(),
      lastUsedAt: null,
    })
    const list = await call(t, 'GET', '/v1/passkeys', undefined, { cookie: who.cookie })
    expect(list.json()).toEqual({ success: true, results: { passkeys: [passkey] } })
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkey.id))
    expect(row).toMatchObject({ userId: who.user.id, transports: 'internal', counter: 0 })
    const { options } = await registrationOptions(who.cookie, who.user.password)
    expect(options.excludeCredentials).toEqual([
      { id: row?.credentialId, type: 'public-key', transports: ['internal'] },
    ])
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, who.user.id), eq(auditLog.action, 'user.updated')))
    expect(audit.map((r) => r.detail)).toEqual([
      { field: 'passkey', change: 'added', passkeyId: passkey.id },
    ])
  })

  it('uses a challenge once', async () => {
    const who = await signedIn()
    const authenticator = new SoftAuthenticator(ORIGIN)
    const { challengeId, options } = await registrationOptions(who.cookie, who.user.password)
    const first = authenticator.register(options)
    const finish = (response: unknown) =>
      call(t, 'POST', '/v1/passkeys/registration', { challengeId, response }, asChrome(who.cookie))
    expect((await finish(first)).statusCode).toBe(200)
    const again = await finish(authenticator.register(options))
    expect(again.statusCode).toBe(400)
    expect(again.json<Failure>().error.message).toBe(
      'This passkey request has expired or was already used. Start again.',
    )
  })

  it('uses a challenge once even when two answers race', async () => {
    const who = await signedIn()
    const authenticator = new SoftAuthenticator(ORIGIN)
    const { challengeId, options } = await registrationOptions(who.cookie, who.user.password)
    const answers = await Promise.all(
      [authenticator.register(options), authenticator.register(options)].map((response) =>
        call(
          t,
          'POST',
          '/v1/passkeys/registration',
          { challengeId, response },
          asChrome(who.cookie),
        ),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400])
    const rows = await t.db.select().from(passkeys).where(eq(passkeys.userId, who.user.id))
    expect(rows).toHaveLength(1)
  })

  it('refuses an expired challenge', async () => {
    const who = await signedIn()
    const { challengeId, options } = await registrationOptions(who.cookie, who.user.password)
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, challengeId))
    const response = new SoftAuthenticator(ORIGIN).register(options)
    const answer = await call(
      t,
      'POST',
      '/v1/passkeys/registration',
      { challengeId, response },
      asChrome(who.cookie),
    )
    expect(answer.statusCode).toBe(400)
  })

  it('refuses another user’s challenge', async () => {
    const ada = await signedIn()
    const bob = await signedIn()
    const { challengeId, options } = await registrationOptions(ada.cookie, ada.user.password)
    const response = new SoftAuthenticator(ORIGIN).register(options)
    const answer = await call(
      t,
      'POST',
      '/v1/passkeys/registration',
      { challengeId, response },
      asChrome(bob.cookie),
    )
    expect(answer.statusCode).toBe(400)
  })

  it('answers 400 with the library’s reason for a ceremony made for another site', async () => {
    const who = await signedIn()
    const { challengeId, options } = await registrationOptions(who.cookie, who.user.password)
    const response = new SoftAuthenticator(ORIGIN).register(options, {
      origin: 'https://evil.example',
    })
    const answer = await call(
      t,
      'POST',
      '/v1/passkeys/registration',
      { challengeId, response },
      asChrome(who.cookie),
    )
    expect(answer.statusCode).toBe(400)
    expect(answer.json<Failure>().error.message).toMatch(
      /^The passkey could not be verified: .*origin.*evil\.example/,
    )
  })

  it('refuses an authenticator that did not verify the user', async () => {
    const who = await signedIn()
    const { challengeId, options } = await registrationOptions(who.cookie, who.user.password)
    const response = new SoftAuthenticator(ORIGIN, { verified: false }).register(options)
    const answer = await call(
      t,
      'POST',
      '/v1/passkeys/registration',
      { challengeId, response },
      asChrome(who.cookie),
    )
    expect(answer.statusCode).toBe(400)
    expect(answer.json<Failure>().error.message).toMatch(/user.*verif/i)
  })
})

describe('signing in with a passkey', () => {
  it('offers discoverable options to anyone', async () => {
    const { challengeId, options } = await signInOptions()
    expect(challengeId).toEqual(anyString())
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
    expect(options.allowCredentials ?? []).toEqual([])
  })

  it('opens a session as a password sign-in does, with no security code', async () => {
    const plain = await signedIn()
    const { authenticator, passkey } = await register(plain)
    // Two factors on: a passkey that verified the user is both, so no security code follows.
    await t.db
      .update(users)
      .set({ use2fa: true, phone: '5550001234' })
      .where(eq(users.id, plain.user.id))

    const answer = await passkeySignIn(authenticator)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ success: true, results: { user: { id: plain.user.id } } })
    const cookie = sessionCookieOf(answer)
    expect(cookie).not.toBe(plain.cookie)
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(self.statusCode).toBe(200)
    expect(self.json()).toMatchObject({ results: { user: { id: plain.user.id } } })

    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkey.id))
    expect(row?.counter).toBe(1)
    expect(row?.lastUsedAt).toBeInstanceOf(Date)
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, plain.user.id), eq(auditLog.action, 'login')))
    expect(audit.map((r) => r.outcome)).toEqual(['success', 'success'])
    // The password sign-in of `signedIn()`, then the passkey one, which says how it happened.
    expect(audit.map((r) => r.detail?.method)).toEqual([undefined, 'passkey'])
  })

  it('ends the session the browser’s cookie named: signing in again leaves one', async () => {
    const who = await signedIn()
    const { authenticator } = await register(who)
    const { challengeId, options } = await signInOptions(freshIp())
    const response = authenticator.authenticate(options)
    const answer = await call(
      t,
      'POST',
      '/v1/login/passkey',
      { challengeId, response },
      { cookie: who.cookie, ip: freshIp() },
    )
    expect(answer.statusCode).toBe(200)
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, who.user.id))
    expect(rows).toHaveLength(1)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie: who.cookie })).statusCode).toBe(
      401,
    )
  })

  it('uses a sign-in challenge once', async () => {
    const who = await signedIn()
    const { authenticator } = await register(who)
    const ip = freshIp()
    const { challengeId, options } = await signInOptions(ip)
    const first = authenticator.authenticate(options)
    const login = (response: unknown) =>
      call(t, 'POST', '/v1/login/passkey', { challengeId, response }, { ip })
    expect((await login(first)).statusCode).toBe(200)
    const replay = await login(authenticator.authenticate(options))
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ error: { code: 801 } })
  })

  it('refuses a registration challenge for a sign-in', async () => {
    const who = await signedIn()
    const { authenticator } = await register(who)
    const { challengeId, options } = await registrationOptions(who.cookie, who.user.password)
    const response = authenticator.authenticate({ challenge: options.challenge, rpId: 'localhost' })
    const answer = await call(
      t,
      'POST',
      '/v1/login/passkey',
      { challengeId, response },
      { ip: freshIp() },
    )
    expect(answer.statusCode).toBe(401)
  })

  it('refuses a locked account with 802 and no session', async () => {
    const who = await signedIn()
    const { authenticator } = await register(who)
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, who.user.id))
    const answer = await passkeySignIn(authenticator, freshIp())
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ error: { code: 802 } })
    expect(answer.cookies).toHaveLength(0)
  })

  it('lets the owner in during a temporary lock, which guessed passwords started', async () => {
    const who = await signedIn()
    const { authenticator } = await register(who)
    const until = new Date(Date.now() + 10 * 60_000)
    await setAccountCounter(t, who.user.id, { lockedUntil: until, lockoutCount: 1 })
    const answer = await passkeySignIn(authenticator, freshIp())
    expect(answer.statusCode).toBe(200)
    // It proves nothing about who guessed: the lock on passwords from unknown browsers stays.
    expect(await accountCounter(t, who.user.id)).toMatchObject({ lockedUntil: until })
  })

  it('refuses a removed passkey with 801', async () => {
    const who = await signedIn()
    const { authenticator, passkey } = await register(who)
    const removed = await call(t, 'DELETE', `/v1/passkey/${passkey.id}`, undefined, {
      cookie: who.cookie,
    })
    expect(removed.json()).toEqual({ success: true })
    const answer = await passkeySignIn(authenticator, freshIp())
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toEqual({
      success: false,
      error: { code: 801, message: 'Incorrect Login. Try Again.' },
    })
    expect(answer.cookies).toHaveLength(0)
  })

  it('refuses a bad signature, and the throttle counts it', async () => {
    const who = await signedIn()
    const { authenticator } = await register(who)
    const ip = freshIp()
    for (let i = 0; i < 3; i++) {
      const { challengeId, options } = await signInOptions(ip)
      const response = authenticator.authenticate(options)
      const signature = Buffer.from(response.response.signature, 'base64url')
      signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0x01, signature.length - 1)
      response.response.signature = signature.toString('base64url')
      const answer = await call(t, 'POST', '/v1/login/passkey', { challengeId, response }, { ip })
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toMatchObject({ error: { code: 801 } })
    }
    const refusals = await t.db.select().from(auditLog).where(eq(auditLog.ip, ip))
    expect(refusals.map((r) => [r.action, r.outcome, r.subjectUserId])).toEqual(
      Array(3).fill(['login', 'failure', who.user.id]),
    )
    expect(refusals[0]?.detail).toEqual({
      method: 'passkey',
      reason: 'bad signature',
    })
    const throttled = await call(t, 'POST', '/v1/login/passkey/options', undefined, { ip })
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json()).toMatchObject({ error: { code: 823 } })
    // …and password sign-ins from that address too: one throttle for every way in.
    const password = await call(
      t,
      'POST',
      '/v1/login',
      { username: who.user.email, password: who.user.password },
      { ip },
    )
    expect(password.statusCode).toBe(429)
  })

  it('refuses an unknown credential with 801', async () => {
    const stranger = new SoftAuthenticator(ORIGIN)
    stranger.register({
      rp: { name: 'x', id: 'localhost' },
      user: { id: 'eA', name: 'x', displayName: 'x' },
      challenge: 'eA',
      pubKeyCredParams: [],
    })
    const answer = await passkeySignIn(stranger, freshIp())
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ error: { code: 801 } })
  })
})

describe('managing one’s passkeys', () => {
  it('cannot remove another user’s passkey: 404, and it stays', async () => {
    const ada = await signedIn()
    const bob = await signedIn()
    const { passkey } = await register(ada)
    const answer = await call(t, 'DELETE', `/v1/passkey/${passkey.id}`, undefined, {
      cookie: bob.cookie,
    })
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toMatchObject({ error: { code: 404 } })
    const rows = await t.db.select().from(passkeys).where(eq(passkeys.id, passkey.id))
    expect(rows).toHaveLength(1)
  })

  it('removes all of one’s own passkeys and no one else’s (the toggle’s off)', async () => {
    const ada = await signedIn()
    const bob = await signedIn()
    await register(ada)
    await register(ada)
    await register(bob)
    const answer = await call(t, 'DELETE', '/v1/passkeys', undefined, { cookie: ada.cookie })
    expect(answer.json()).toEqual({ success: true, results: { removed: 2 } })
    const list = await call(t, 'GET', '/v1/passkeys', undefined, { cookie: ada.cookie })
    expect(list.json()).toEqual({ success: true, results: { passkeys: [] } })
    const bobs = await call(t, 'GET', '/v1/passkeys', undefined, { cookie: bob.cookie })
    expect(bobs.json<{ results: { passkeys: unknown[] } }>().results.passkeys).toHaveLength(1)
  })

  it('needs a session to list or remove', async () => {
    expect((await call(t, 'GET', '/v1/passkeys')).statusCode).toBe(401)
    expect((await call(t, 'DELETE', '/v1/passkeys')).statusCode).toBe(401)
  })
})

describe('bad input', () => {
  it.each([
    ['no password', '/v1/passkeys/registration/options', {}],
    ['an extra field', '/v1/passkeys/registration/options', { password: 'x', admin: true }],
    [
      'no response',
      '/v1/passkeys/registration',
      { challengeId: '01900000-0000-7000-8000-000000000001' },
    ],
    [
      'a challenge id that is no uuid',
      '/v1/passkeys/registration',
      { challengeId: 'x', response: {} },
    ],
    [
      'a response without its parts',
      '/v1/passkeys/registration',
      {
        challengeId: '01900000-0000-7000-8000-000000000001',
        response: { id: 'abc', rawId: 'abc', type: 'public-key', clientExtensionResults: {} },
      },
    ],
  ])('answers 400 for %s when signed in', async (_name, url, body) => {
    const { cookie } = await signedIn()
    const answer = await call(t, 'POST', url, body, { cookie })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ success: false, error: { code: 1001 } })
  })

  it.each([
    ['nothing', {}],
    ['a wrong type', { challengeId: '01900000-0000-7000-8000-000000000001', response: 'x' }],
    [
      'a credential id that is not base64url',
      {
        challengeId: '01900000-0000-7000-8000-000000000001',
        response: {
          id: 'not base64!',
          rawId: 'abc',
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        },
      },
    ],
  ])('answers 400 for a sign-in with %s', async (_name, body) => {
    const answer = await call(t, 'POST', '/v1/login/passkey', body, { ip: freshIp() })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ success: false, error: { code: 1001 } })
  })

  it('answers 400 for a passkey id that is no uuid', async () => {
    const { cookie } = await signedIn()
    const answer = await call(t, 'DELETE', '/v1/passkey/abc', undefined, { cookie })
    expect(answer.statusCode).toBe(400)
  })
})
