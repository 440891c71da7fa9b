import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LogEvent, LogsResults } from '../../schema/logs'
import type { Permission } from '../../schema/permissions'
import { SYNC_DONE } from '../../schema/sync'
import { auditLog } from '../../server/db/schema/audit'
import { serviceAssignments } from '../../server/db/schema/services'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { createUser } from './fixtures'
import { ADMIN, call, signIn, useTestApp } from './helper'
import { idsOf, pull, syncBatch } from './sync-helper'

/*
 * Who sees whom (docs/server-security.md): INTERNAL accounts are the provider's staff. An EXTERNAL
 * caller, whatever its permissions, sees and acts on EXTERNAL accounts only; to it an INTERNAL one
 * does not exist (404, as an unknown id). INTERNAL callers see everyone.
 */

const t = useTestApp()

const EVERY: Permission[] = [
  'users.read',
  'users.write',
  'sessions.read',
  'sessions.revoke',
  'services.read',
  'logs.read',
]

type Person = Awaited<ReturnType<typeof createUser>> & { cookie: string }

async function person(type: 'INTERNAL' | 'EXTERNAL', permissions: Permission[] = []) {
  const user = await createUser(t, { permissions })
  if (type === 'EXTERNAL') await t.db.update(users).set({ type }).where(eq(users.id, user.id))
  return { ...user, type, cookie: await signIn(t, user.email, user.password) } as Person
}

let admin = ''
let partnerAdmin: Person
let insider: Person
let partner: Person
const NO_SUCH_USER = { success: false, error: { code: 404, message: 'There is no such user.' } }

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  partnerAdmin = await person('EXTERNAL', EVERY)
  insider = await person('INTERNAL')
  partner = await person('EXTERNAL')
  const service = await call(
    t,
    'POST',
    '/v1/service',
    { key: 'desk', name: 'Desk' },
    { cookie: admin },
  )
  expect(service.statusCode, service.body).toBe(200)
  await t.db.insert(serviceAssignments).values([
    { userId: insider.id, serviceKey: 'desk' },
    { userId: partner.id, serviceKey: 'desk' },
  ])
  // An INTERNAL administrator acts on both, so each has a timeline with a staff actor in it.
  for (const who of [insider, partner])
    expect(
      (
        await call(t, 'POST', `/v1/user/${who.id}/require-password-change`, undefined, {
          cookie: admin,
        })
      ).statusCode,
    ).toBe(200)
})

const client = (cookie: string) => ({
  get: (url: string) => call(t, 'GET', url, undefined, { cookie }),
  post: (url: string, body?: unknown) => call(t, 'POST', url, body, { cookie }),
  put: (url: string, body?: unknown) => call(t, 'PUT', url, body, { cookie }),
  delete: (url: string) => call(t, 'DELETE', url, undefined, { cookie }),
})

const sessionIdsOf = async (userId: string) =>
  (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map(
    (row) => row.id,
  )

const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n

describe('sync', () => {
  it('sends an EXTERNAL caller EXTERNAL users only; INTERNAL callers every user', async () => {
    const external = idsOf((await pull(t, partnerAdmin.cookie, 'users', null)).nodes)
    expect(external).toContain(partner.id)
    expect(external).toContain(partnerAdmin.id)
    expect(external).not.toContain(insider.id)
    const everyone = idsOf((await pull(t, admin, 'users', null)).nodes)
    expect(everyone).toEqual(expect.arrayContaining([insider.id, partner.id, partnerAdmin.id]))
  })

  it('leaves out the sessions and service assignments of INTERNAL users', async () => {
    const ownersOf = async (cookie: string, collection: 'sessions' | 'serviceAssignments') =>
      (await pull(t, cookie, collection, null)).nodes.map((node) => node.userId)
    const sessionOwners = await ownersOf(partnerAdmin.cookie, 'sessions')
    expect(sessionOwners).toContain(partner.id)
    expect(sessionOwners).not.toContain(insider.id)
    expect(await ownersOf(admin, 'sessions')).toContain(insider.id)
    expect(await ownersOf(partnerAdmin.cookie, 'serviceAssignments')).toEqual([partner.id])
    expect((await ownersOf(admin, 'serviceAssignments')).sort()).toEqual(
      [insider.id, partner.id].sort(),
    )
  })

  it('moves the cursor past changes it does not send, so they are read once', async () => {
    const { position } = await pull(t, partnerAdmin.cookie, 'users', null)
    await t.db.update(users).set({ nameFirst: 'Hidden' }).where(eq(users.id, insider.id))
    const batch = await syncBatch(t, partnerAdmin.cookie, 'users', position)
    expect(batch.nodes).toEqual([])
    expect(batch.cursor).not.toBe(SYNC_DONE)
    expect(await syncBatch(t, partnerAdmin.cookie, 'users', batch.cursor)).toMatchObject({
      nodes: [],
      cursor: SYNC_DONE,
    })
  })
})

describe('reading one user', () => {
  it('answers 404 for an INTERNAL user, as for no user, on the timeline and the visage', async () => {
    const external = client(partnerAdmin.cookie)
    for (const url of [
      `/v1/user/${insider.id}/timeline`,
      `/v1/user/${insider.id}/visage`,
      `/v1/user/${insider.id}/visage/url`,
    ]) {
      const response = await external.get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual(NO_SUCH_USER)
    }
    expect((await client(admin).get(`/v1/user/${insider.id}/timeline`)).statusCode).toBe(200)
  })

  it('names an INTERNAL actor in an EXTERNAL user’s timeline to INTERNAL callers only', async () => {
    type Timeline = { results: { events: { action: string; actor: unknown }[] } }
    const actorOf = async (cookie: string) =>
      (await client(cookie).get(`/v1/user/${partner.id}/timeline`))
        .json<Timeline>()
        .results.events.find((event) => event.action === 'user.must_change_password')?.actor
    expect(await actorOf(partnerAdmin.cookie)).toBeNull()
    expect(await actorOf(admin)).toMatchObject({ email: ADMIN.email })
  })
})

describe('acting on one user', () => {
  it('answers 404 to every users.write action on an INTERNAL user and changes nothing', async () => {
    const external = client(partnerAdmin.cookie)
    const before = [
      await auditCount(),
      (await t.db.select().from(users).where(eq(users.id, insider.id)))[0],
    ]
    const base = `/v1/user/${insider.id}`
    const calls = [
      ...['lock', 'unlock', 'disable', 'enable', 'reset-link', 'require-password-change'].map(
        (action) => () => external.post(`${base}/${action}`),
      ),
      () => external.put(`${base}/access`, { type: 'EXTERNAL', permissions: [] }),
      () => external.delete(`${base}/passkeys`),
      () => external.put(`${base}/name`, { nameFirst: 'Taken', nameLast: 'Over' }),
      () => external.put(`${base}/email`, { email: 'taken.over@example.com' }),
      () => external.put(`${base}/phone`, { phone: '5550000999' }),
      () => external.put(`${base}/mfa`, { use2FA: true }),
      () => external.delete(`${base}/visage`),
    ]
    for (const send of calls) {
      const response = await send()
      expect(response.statusCode, response.body).toBe(404)
      expect(response.json()).toEqual(NO_SUCH_USER)
    }
    expect([
      await auditCount(),
      (await t.db.select().from(users).where(eq(users.id, insider.id)))[0],
    ]).toEqual(before)
  })

  it('refuses an INTERNAL user in a bulk action as "no such user" and does the rest', async () => {
    const response = await client(partnerAdmin.cookie).post('/v1/users/require-password-change', {
      ids: [insider.id, partner.id],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      success: true,
      results: {
        done: [],
        refused: [
          { id: insider.id, reason: 'no such user' },
          // Set by the INTERNAL administrator in beforeAll.
          { id: partner.id, reason: 'already required' },
        ],
      },
    })
    const revoke = await client(partnerAdmin.cookie).post('/v1/users/revoke-sessions', {
      ids: [insider.id],
    })
    expect(revoke.json()).toMatchObject({
      results: { done: [], refused: [{ id: insider.id, reason: 'no such user' }] },
    })
    expect(await sessionIdsOf(insider.id)).not.toEqual([])
  })

  it('still refuses EXTERNAL staff inviting an INTERNAL user or making one (403)', async () => {
    const external = client(partnerAdmin.cookie)
    const invite = await external.post('/v1/users', {
      nameFirst: 'Grace',
      nameLast: 'Hopper',
      email: 'grace.visibility@example.com',
      phone: null,
      type: 'INTERNAL',
      permissions: [],
    })
    expect(invite.statusCode).toBe(403)
    const promote = await external.put(`/v1/user/${partner.id}/access`, {
      type: 'INTERNAL',
      permissions: [],
    })
    expect(promote.statusCode).toBe(403)
  })
})

describe('sessions', () => {
  it('lists no session of an INTERNAL user to an EXTERNAL caller, even asked by id', async () => {
    type Page = { results: { nodes: { userId: string }[] } }
    const list = async (cookie: string, filters: Record<string, string> = {}) =>
      (await client(cookie).post('/v1/sessions', { filters }))
        .json<Page>()
        .results.nodes.map((node) => node.userId)
    const seen = await list(partnerAdmin.cookie)
    expect(seen).toContain(partner.id)
    expect(seen).not.toContain(insider.id)
    expect(await list(partnerAdmin.cookie, { userId: insider.id })).toEqual([])
    const [insiderSession] = await sessionIdsOf(insider.id)
    expect(await list(partnerAdmin.cookie, { id: insiderSession! })).toEqual([])
    expect(await list(admin, { userId: insider.id })).toContain(insider.id)
  })

  it('answers 404 to revoking an INTERNAL user’s sessions, one or all, and keeps them', async () => {
    const external = client(partnerAdmin.cookie)
    const before = await sessionIdsOf(insider.id)
    const one = await external.delete(`/v1/session/${before[0]!}`)
    expect(one.statusCode).toBe(404)
    expect(one.json()).toEqual({
      success: false,
      error: { code: 404, message: 'There is no such session.' },
    })
    const all = await external.delete(`/v1/user/${insider.id}/sessions`)
    expect(all.statusCode).toBe(404)
    expect(all.json()).toEqual(NO_SUCH_USER)
    expect(await sessionIdsOf(insider.id)).toEqual(before)
    // An EXTERNAL user's are the caller's to end.
    const [partnerSession] = await sessionIdsOf(partner.id)
    expect((await external.delete(`/v1/session/${partnerSession!}`)).statusCode).toBe(200)
  })
})

describe('logs', () => {
  const events = async (cookie: string, query = '') => {
    const response = await client(cookie).get(`/v1/logs?limit=200${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ results: LogsResults }>().results.events
  }
  const about = (list: LogEvent[], id: string) =>
    list.filter((event) => event.subject?.id === id || event.actor?.id === id)

  it('shows an EXTERNAL caller no event about an INTERNAL user, nor one by them by name', async () => {
    const seen = await events(partnerAdmin.cookie)
    expect(about(seen, insider.id)).toEqual([])
    expect(seen.filter((event) => event.actor?.email === ADMIN.email)).toEqual([])
    // The administrator's change of an EXTERNAL user is there, by no one in particular.
    const change = seen.find(
      (event) => event.action === 'user.must_change_password' && event.subject?.id === partner.id,
    )
    expect(change?.actor).toBeNull()
    expect(about(await events(admin), insider.id)).not.toEqual([])
  })

  it('answers nothing when asked by an INTERNAL user or actor', async () => {
    const adminId = (await t.db.select().from(users).where(eq(users.email, ADMIN.email)))[0]!.id
    expect(await events(partnerAdmin.cookie, `&user=${insider.id}`)).toEqual([])
    expect(await events(partnerAdmin.cookie, `&actor=${adminId}`)).toEqual([])
    expect(await events(admin, `&actor=${adminId}`)).not.toEqual([])
  })

  it('keeps them out of the CSV export too', async () => {
    const response = await client(partnerAdmin.cookie).get('/v1/logs.csv')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(partner.email)
    expect(response.body).not.toContain(insider.email)
    expect(response.body).not.toContain(insider.id)
    expect(response.body).not.toContain(ADMIN.email)
  })
})
