import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Permission } from '../../schema/permissions'
import { services } from '../../server/db/schema/services'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { openEvents, naming, type EventClient } from './events-helper'
import { accountCounter, createUser, uniquePhone } from './fixtures'
import { ADMIN, call, latestSmsCode, signIn, useTestApp } from './helper'
import { SoftAuthenticator } from './soft-authenticator'
import { pull } from './sync-helper'

/*
 * What a staff change does to the user's live sessions at once: disabling ends them and refuses
 * every way in (808), a permission change is read on the next request and re-checked by the event
 * streams, and the sync carries the status fields to consoles that may read users.
 */

const t = useTestApp()
let base = ''
let admin = ''
const clients: EventClient[] = []

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})
afterAll(() => clients.forEach((client) => client.close()))

const DISABLED = {
  success: false,
  error: { code: 808, message: 'This account has been disabled. Contact your administrator.' },
}

const endsWithin = (client: EventClient, ms = 5_000) =>
  Promise.race([
    client.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ])

async function listening(cookie: string) {
  const client = await openEvents(`${base}/v1/events`, cookie)
  clients.push(client)
  await client.next((block) => block.startsWith(': connected'))
  return client
}

const disable = (id: string) =>
  call(t, 'POST', `/v1/user/${id}/disable`, undefined, { cookie: admin })

let serial = 0
const addService = () => {
  serial += 1
  return t.db.insert(services).values({ key: `live-${serial}`, name: `Live ${serial}` })
}

describe('a disabled account', () => {
  it('loses its sessions and event streams, and every sign-in answers 808', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const client = await listening(cookie)
    expect((await disable(user.id)).statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie })).statusCode).toBe(401)

    const right = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    expect(right.statusCode).toBe(403)
    expect(right.json()).toEqual(DISABLED)
    // Like 802, whatever the password: the answer says nothing about a guess.
    const wrong = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: 'Wrong#Guess1',
    })
    expect(wrong.json()).toEqual(DISABLED)
    expect((await accountCounter(t, user.id))?.failedAttempts ?? 0).toBe(0)

    // Enabled again, the user signs in as before.
    await call(t, 'POST', `/v1/user/${user.id}/enable`, undefined, { cookie: admin })
    expect(
      (await call(t, 'POST', '/v1/login', { username: user.email, password: user.password }))
        .statusCode,
    ).toBe(200)
  })

  it('a session that survived (written by hand) stops working at its next request', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id))
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie })).statusCode).toBe(401)
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
  })

  it('answers 808 at the code step of two-factor sign-in', async () => {
    const phone = uniquePhone()
    const user = await createUser(t, { phone, use2fa: true })
    const first = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    const { mfaId, user: who } = first.json<{
      results: { mfaId: string; user: { id: string } }
    }>().results
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id))
    const verify = await call(t, 'POST', '/v1/login/verify', {
      userId: who.id,
      requestId: mfaId,
      accessCode: latestSmsCode(t, phone),
      service: 'sso',
    })
    expect(verify.json()).toEqual(DISABLED)
  })

  it('answers 808 to a passkey', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const authenticator = new SoftAuthenticator('http://localhost:8080')
    const options = await call(
      t,
      'POST',
      '/v1/passkeys/registration/options',
      { password: user.password },
      { cookie },
    )
    const reg = options.json<{
      results: { challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }
    }>().results
    const registered = await call(
      t,
      'POST',
      '/v1/passkeys/registration',
      { challengeId: reg.challengeId, response: authenticator.register(reg.options) },
      { cookie },
    )
    expect(registered.statusCode).toBe(200)
    // The passkey count travels to the cache with the status fields.
    const synced = await pull(t, admin, 'users', null)
    expect(synced.nodes.find((n) => n.id === user.id)).toMatchObject({
      passkeys: 1,
      locked: false,
      disabled: false,
      mustChangePassword: false,
      pendingEmail: null,
      permissions: [],
    })

    await disable(user.id)
    const signInOptions = await call(t, 'POST', '/v1/login/passkey/options')
    const { challengeId, options: get } = signInOptions.json<{
      results: { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }
    }>().results
    const answer = await call(t, 'POST', '/v1/login/passkey', {
      challengeId,
      response: authenticator.authenticate(get),
    })
    expect(answer.json()).toEqual(DISABLED)
  })
})

describe('the sync carries the status fields', () => {
  it('locked, disabled, mustChangePassword and permissions, and nothing secret', async () => {
    const user = await createUser(t, { permissions: ['services.read'] })
    for (const action of ['lock', 'disable', 'require-password-change'])
      await call(t, 'POST', `/v1/user/${user.id}/${action}`, undefined, { cookie: admin })
    const { nodes } = await pull(t, admin, 'users', null)
    const node = nodes.find((n) => n.id === user.id)
    expect(node).toMatchObject({
      locked: true,
      disabled: true,
      mustChangePassword: true,
      permissions: ['services.read'],
    })
    for (const secret of ['passwordHash', 'failedAttempts', 'lockedAt', 'lockoutCount'])
      expect(node).not.toHaveProperty(secret)
  })
})

describe('a permission change takes effect at once', () => {
  async function reader(permissions: Permission[]) {
    const user = await createUser(t, { permissions })
    return { user, cookie: await signIn(t, user.email, user.password) }
  }
  const setAccess = (id: string, permissions: Permission[]) =>
    call(t, 'PUT', `/v1/user/${id}/access`, { type: 'INTERNAL', permissions }, { cookie: admin })

  it('on HTTP: the next request is judged by the new permissions', async () => {
    const { user, cookie } = await reader(['users.read'])
    const timeline = () => call(t, 'GET', `/v1/user/${user.id}/timeline`, undefined, { cookie })
    const other = await createUser(t)
    const read = () => call(t, 'GET', `/v1/user/${other.id}/timeline`, undefined, { cookie })
    expect((await read()).statusCode).toBe(200)
    expect((await setAccess(user.id, [])).statusCode).toBe(200)
    expect((await read()).statusCode).toBe(403)
    expect((await timeline()).statusCode).toBe(200)
    // The sync answers an empty, finished collection to one who may not read it.
    const sync = await call(t, 'POST', '/v1/sync/users', { cursor: null }, { cookie })
    expect(sync.json()).toMatchObject({ results: { nodes: [], batchInfo: { cursor: 'DONE' } } })
  })

  it('on event streams: a stream that lost users.read ends and hears nothing more of users', async () => {
    const { user, cookie } = await reader(['users.read', 'services.read'])
    const client = await listening(cookie)
    await call(
      t,
      'PUT',
      `/v1/user/${user.id}/name`,
      { nameFirst: 'A', nameLast: 'B' },
      {
        cookie: admin,
      },
    )
    await client.next(naming('users'))
    expect((await setAccess(user.id, ['services.read'])).statusCode).toBe(200)
    // The stream ends. A notice of users may still come first: the feed coalesces notices for a few
    // milliseconds, so the rename above (made while the user could read users) can be told late.
    // Nothing leaks by it: the pull it prompts is checked against today's permissions and answers
    // nothing (the sync test above).
    expect(await endsWithin(client)).toBe(true)

    // The console reconnects: the new stream tells of services, not users.
    const again = await listening(cookie)
    await call(
      t,
      'PUT',
      `/v1/user/${user.id}/name`,
      { nameFirst: 'C', nameLast: 'D' },
      {
        cookie: admin,
      },
    )
    await addService()
    const next = await again.next((block) => block.startsWith('data: '))
    expect(naming('services')(next)).toBe(true)
    expect(naming('users')(next)).toBe(false)
  })

  it('a stream whose user gains a permission reconnects to hear of it', async () => {
    const { user, cookie } = await reader(['services.read'])
    const client = await listening(cookie)
    expect((await setAccess(user.id, ['services.read', 'users.read'])).statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
  })

  it('a stream whose user keeps the same reads stays open', async () => {
    const { user, cookie } = await reader(['services.read'])
    const client = await listening(cookie)
    // services.write changes no collection the stream reads.
    expect((await setAccess(user.id, ['services.read', 'services.write'])).statusCode).toBe(200)
    expect(await endsWithin(client, 500)).toBe(false)
  })
})
