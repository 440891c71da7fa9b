import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { SYNC_DONE } from '../../schema/sync'
import { attributeKeyOptions, attributeKeys } from '../../server/db/schema/attributes'
import { services } from '../../server/db/schema/services'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { ADMIN, call, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'
import { idsOf, type Node, pull, pullUntil, syncBatch } from './sync-helper'

const t = useTestApp()
let admin: string
let serial = 0

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

async function addServices(count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    serial += 1
    return { key: `svc-${serial}`, name: `Service ${serial}` }
  })
  const inserted = await t.db.insert(services).values(rows).returning({ id: services.id })
  return inserted.map((row) => row.id)
}

/** The position after everything so far, so a test sees only its own changes. */
const caughtUp = async (collection: 'services' | 'sessions' | 'users' = 'services') =>
  (await pull(t, admin, collection, null)).position

const containsAll = (ids: string[]) => (nodes: Node[]) =>
  ids.every((id) => nodes.some((node) => node.id === id))

describe('POST /v1/sync/:collection', () => {
  it('pages through a collection in batches, each change exactly once', async () => {
    const from = await caughtUp()
    const ids = await addServices(23)
    const pulled = await pullUntil(t, admin, 'services', from, containsAll(ids))
    expect(idsOf(pulled.nodes).sort()).toEqual([...ids].sort())
    // Page by page: the same changes, in the same order, with nothing repeated.
    const paged = await pull(t, admin, 'services', from, 5)
    expect(idsOf(paged.nodes)).toEqual(idsOf(pulled.nodes))
    expect(paged.batches).toBe(Math.ceil(23 / 5) + 1)
  })

  it('resumes from a cursor mid-way with neither gaps nor repeats', async () => {
    const from = await caughtUp()
    const ids = await addServices(12)
    const whole = await pullUntil(t, admin, 'services', from, containsAll(ids))
    const first = await syncBatch(t, admin, 'services', from, 4)
    const second = await syncBatch(t, admin, 'services', first.cursor, 4)
    // A console stopped here keeps second.cursor; the next start goes on from it.
    const rest = await pull(t, admin, 'services', second.cursor, 4)
    expect([...idsOf(first.nodes), ...idsOf(second.nodes), ...idsOf(rest.nodes)]).toEqual(
      idsOf(whole.nodes),
    )
  })

  it('picks up rows written between batches', async () => {
    const from = await caughtUp()
    const before = await addServices(6)
    await pullUntil(t, admin, 'services', from, containsAll(before))
    const first = await syncBatch(t, admin, 'services', from, 3)
    expect(idsOf(first.nodes)).toEqual(before.slice(0, 3))
    const during = await addServices(2)
    const rest = await pullUntil(t, admin, 'services', first.cursor, containsAll(during))
    expect(idsOf(rest.nodes)).toEqual([...before.slice(3), ...during])
  })

  it('sends an updated row again, once, with its new data', async () => {
    const [id] = await addServices(1)
    const from = await caughtUp()
    await t.db.update(services).set({ name: 'Renamed' }).where(eq(services.id, id!))
    const pulled = await pullUntil(t, admin, 'services', from, containsAll([id!]))
    expect(pulled.nodes).toEqual([expect.objectContaining({ id, name: 'Renamed' })])
    expect((await pull(t, admin, 'services', pulled.position)).nodes).toEqual([])
  })

  it('sends deletions as tombstones', async () => {
    const [id] = await addServices(1)
    const from = await caughtUp()
    await t.db.delete(services).where(eq(services.id, id!))
    const pulled = await pullUntil(t, admin, 'services', from, containsAll([id!]))
    expect(pulled.nodes).toEqual([{ id, tombstone: true }])
  })

  it('answers DONE with no rows when nothing follows the cursor', async () => {
    const from = await caughtUp()
    expect(from).not.toBeNull()
    const batch = await syncBatch(t, admin, 'services', from)
    expect(batch).toEqual({ status: 200, nodes: [], cursor: SYNC_DONE })
  })

  it('sends users with their status and permissions but without secrets, and sessions with their user name', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const people = await pullUntil(t, admin, 'users', null, containsAll([user.id]))
    const node = people.nodes.find((n) => n.id === user.id)
    expect(Object.keys(node ?? {}).sort()).toEqual(
      ['createdAt', 'email', 'id', 'lastLogin', 'nameFirst', 'nameLast', 'phone', 'type']
        .concat(['updatedAt', 'use2FA', 'visage'])
        // Issue 15: what the Users screen shows travels; hashes, counters and lock times do not.
        .concat(['permissions', 'mustChangePassword', 'locked', 'disabled', 'passkeys'])
        .concat(['pendingEmail'])
        // Issue 28: whether an authenticator app gives the second step, not its secret.
        .concat(['authenticator'])
        .sort(),
    )
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id))
    const pulled = await pullUntil(t, admin, 'sessions', null, containsAll([session!.id]))
    expect(pulled.nodes.find((n) => n.id === session!.id)).toEqual({
      id: session!.id,
      createdAt: session!.createdAt.toISOString(),
      updatedAt: expect.any(String) as string,
      userId: user.id,
      ip: '127.0.0.1',
      userAgent: 'lightMyRequest',
      expires: expect.any(String) as string,
      nameFirst: user.nameFirst,
      nameLast: user.nameLast,
      // Issue 18: the services it signed into (none yet).
      services: [],
    })
    expect(cookie).toBeTruthy()
  })

  it("sends a user's sessions again when the user is renamed", async () => {
    const user = await createUser(t)
    await signIn(t, user.email, user.password)
    const from = await caughtUp('sessions')
    await t.db.update(users).set({ nameLast: 'Newname' }).where(eq(users.id, user.id))
    const pulled = await pullUntil(t, admin, 'sessions', from, (nodes) =>
      nodes.some((n) => n.userId === user.id),
    )
    expect(pulled.nodes).toEqual([
      expect.objectContaining({ userId: user.id, nameLast: 'Newname' }),
    ])
  })

  it('syncs the attribute collections', async () => {
    const [key] = await t.db
      .insert(attributeKeys)
      .values({ name: 'Color', type: 'STRING', controlType: 'SELECT' })
      .returning()
    await t.db
      .insert(attributeKeyOptions)
      .values({ attributeKeyId: key!.id, label: 'Red', value: 'red' })
    const keys = await pullUntil(t, admin, 'attributeKeys', null, containsAll([key!.id]))
    expect(keys.nodes).toContainEqual(
      expect.objectContaining({ id: key!.id, name: 'Color', config: '{}', deleted: false }),
    )
    const options = await pullUntil(t, admin, 'attributeKeyOptions', null, (nodes) =>
      nodes.some((n) => n.attributeKeyId === key!.id),
    )
    expect(options.nodes).toContainEqual(expect.objectContaining({ label: 'Red', value: 'red' }))
  })
})

describe('who may sync what', () => {
  it('gives a caller without the permission nothing, and DONE', async () => {
    await addServices(1)
    const user = await createUser(t, { permissions: ['services.read'] })
    const cookie = await signIn(t, user.email, user.password)
    expect(await syncBatch(t, cookie, 'sessions', null)).toEqual({
      status: 200,
      nodes: [],
      cursor: SYNC_DONE,
    })
    expect(await syncBatch(t, cookie, 'users', null)).toMatchObject({
      nodes: [],
      cursor: SYNC_DONE,
    })
    // What the permission allows still comes.
    expect((await syncBatch(t, cookie, 'services', null)).nodes.length).toBeGreaterThan(0)
  })

  it('refuses a caller who is not signed in', async () => {
    const response = await call(t, 'POST', '/v1/sync/services', { cursor: null })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ success: false, error: { code: 401 } })
  })
})

describe('bad requests', () => {
  const post = (path: string, body: unknown) => call(t, 'POST', path, body, { cookie: admin })
  const messageOf = (body: string) =>
    (JSON.parse(body) as { error: { message: string } }).error.message

  it.each([
    [{}, /cursor/],
    [{ cursor: null, batchSize: 0 }, /batchSize/],
    [{ cursor: null, batchSize: 5001 }, /batchSize/],
    [{ cursor: 5 }, /cursor/],
    [{ cursor: null, extra: true }, /extra/],
  ])('answers 400 for the body %j', async (body, message) => {
    const response = await post('/v1/sync/services', body)
    expect(response.statusCode).toBe(400)
    expect(messageOf(response.body)).toMatch(message)
  })

  it.each(['garbage!', 'DONE', Buffer.from('12:x').toString('base64url')])(
    'answers 400 for the cursor %s',
    async (cursor) => {
      const response = await post('/v1/sync/services', { cursor })
      expect(response.statusCode).toBe(400)
      expect(messageOf(response.body)).toBe('The cursor is not one this server gave out.')
    },
  )

  it('answers 404 for a collection that does not exist, naming the ones that do', async () => {
    const response = await post('/v1/sync/passwords', { cursor: null })
    expect(response.statusCode).toBe(404)
    expect(messageOf(response.body)).toMatch(/'passwords'.*services, sessions, users/)
  })
})
