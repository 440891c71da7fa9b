import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../schema/session'
import { SYNC_DONE } from '../../schema/sync'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { ADMIN, call, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'

const t = useTestApp()
let admin: string

interface Page {
  nodes: Session[]
  cursor: string
}

async function page(body: unknown, cookie = admin): Promise<Page> {
  const response = await call(t, 'POST', '/v1/sessions', body, { cookie })
  expect(response.statusCode).toBe(200)
  const { results } = response.json<{
    results: { nodes: Session[]; batchInfo: { cursor: string } }
  }>()
  return { nodes: results.nodes, cursor: results.batchInfo.cursor }
}

/** Every page until DONE, as the console follows the cursor. */
async function all(filters: object, batchSize: number) {
  const nodes: Session[] = []
  let cursor: string | null = null
  for (let pages = 1; pages < 100; pages++) {
    const next = await page({ pagination: { cursor, batchSize }, filters })
    nodes.push(...next.nodes)
    if (next.cursor === SYNC_DONE) return { nodes, pages }
    cursor = next.cursor
  }
  throw new Error('the cursor never reached DONE')
}

const HOUR = 3_600_000
let user: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  user = await createUser(t)
  await t.db
    .update(users)
    .set({ nameFirst: 'Zelda', nameLast: 'Quartz' })
    .where(eq(users.id, user.id))
  // Seven sessions of one user, two of them expiring at the same moment (the id breaks the tie).
  for (let i = 0; i < 7; i++) await signIn(t, user.email, user.password, `10.9.0.${i}`)
  const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id))
  const base = Date.now()
  await Promise.all(
    rows.map((row, i) =>
      t.db
        .update(sessions)
        .set({ expires: new Date(base + (Math.min(i, 5) + 1) * HOUR) })
        .where(eq(sessions.id, row.id)),
    ),
  )
})

describe('POST /v1/sessions', () => {
  it('pages by expiry, newest first, with the user name, until DONE', async () => {
    const { nodes, pages } = await all({ userId: user.id }, 3)
    expect(pages).toBe(3)
    expect(nodes).toHaveLength(7)
    expect(new Set(nodes.map((n) => n.id)).size).toBe(7)
    const order = nodes.map((n) => [n.expires, n.id] as const)
    const sorted = [...order].sort(
      ([ea, ia], [eb, ib]) => eb.localeCompare(ea) || ib.localeCompare(ia),
    )
    expect(order).toEqual(sorted)
    expect(nodes[0]).toMatchObject({ userId: user.id, nameFirst: 'Zelda', nameLast: 'Quartz' })
    expect(nodes[0]).not.toHaveProperty('tokenHash')
  })

  it('answers everything in one page by default (batch size 5000) and DONE', async () => {
    const first = await page({})
    expect(first.cursor).toBe(SYNC_DONE)
    const count = (await t.db.select({ id: sessions.id }).from(sessions)).length
    expect(first.nodes).toHaveLength(count)
  })

  it('filters by id, by user and by text in the name or the ip, case-insensitively', async () => {
    const [one] = (await all({ userId: user.id }, 10)).nodes
    expect((await page({ filters: { id: one!.id } })).nodes.map((n) => n.id)).toEqual([one!.id])
    expect((await all({ text: 'zELDA q' }, 10)).nodes).toHaveLength(7)
    expect((await all({ text: '10.9.0.3' }, 10)).nodes.map((n) => n.ip)).toEqual(['10.9.0.3'])
    expect((await all({ text: '%' }, 10)).nodes).toEqual([])
    expect((await all({ text: 'zelda', showDeleted: false }, 10)).nodes).toHaveLength(7)
  })

  it('refuses a user without sessions.read, and the signed-out', async () => {
    const other = await createUser(t, { permissions: ['services.read'] })
    const cookie = await signIn(t, other.email, other.password)
    expect((await call(t, 'POST', '/v1/sessions', {}, { cookie })).statusCode).toBe(403)
    expect((await call(t, 'POST', '/v1/sessions', {})).statusCode).toBe(401)
  })

  it.each([
    [{ pagination: { cursor: 'nope!' } }, 'The cursor is not one this server gave out.'],
    [{ pagination: { batchSize: 0 } }, /batchSize/],
    [{ filters: { userId: 'not-a-uuid' } }, /userId/],
    [{ filters: { colour: 'red' } }, /colour/],
  ])('answers 400 for %j', async (body, message) => {
    const response = await call(t, 'POST', '/v1/sessions', body, { cookie: admin })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(message)
  })

  it('leaves the rows alone', async () => {
    const ids = (await all({ userId: user.id }, 2)).nodes.map((n) => n.id)
    const stored = await t.db.select().from(sessions).where(inArray(sessions.id, ids))
    expect(stored).toHaveLength(7)
  })
})
