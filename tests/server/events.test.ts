import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { attributeKeys } from '../../server/db/schema/attributes'
import { services } from '../../server/db/schema/services'
import { sessions } from '../../server/db/schema/sessions'
import { EventStream, KEEPALIVE_MS } from '../../server/routes/events/stream'
import { collectionsIn, naming, openEvents, type EventClient } from './events-helper'
import { ADMIN, buildTestApp, call, signIn, useTestApp, useSecondProcess } from './helper'
import { idsOf, pull } from './sync-helper'
import { createUser } from './fixtures'

const t = useTestApp()
let base: string
let admin: string
const clients: EventClient[] = []

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})
afterAll(() => clients.forEach((client) => client.close()))

async function connect(cookie?: string) {
  const client = await openEvents(`${base}/v1/events`, cookie)
  clients.push(client)
  return client
}

let serial = 0
const addService = () => {
  serial += 1
  return t.db.insert(services).values({ key: `evt-${serial}`, name: `Event ${serial}` })
}

describe('GET /v1/events', () => {
  it('refuses a caller who is not signed in', async () => {
    expect((await call(t, 'GET', '/v1/events')).statusCode).toBe(401)
  })

  it('opens a text/event-stream and names a collection after a change in it', async () => {
    const client = await connect(admin)
    expect(client.status).toBe(200)
    await client.next((block) => block.startsWith(': connected'))
    await addService()
    const block = await client.next(naming('services'))
    expect(block).toMatch(/^data: \{"collections":\[.*"services".*\]\}$/)
  })

  it('names only the collections the user may read', async () => {
    const user = await createUser(t, { permissions: ['services.read'] })
    const cookie = await signIn(t, user.email, user.password)
    const client = await connect(cookie)
    await client.next((block) => block.startsWith(': connected'))
    await t.db.transaction(async (tx) => {
      await tx.update(sessions).set({ ip: '10.1.1.1' }).where(eq(sessions.userId, user.id))
      await tx.insert(services).values({ key: 'evt-perm', name: 'Perm' })
    })
    const block = await client.next(naming('services'))
    expect(collectionsIn(block)).toEqual(['services'])
  })

  it('ends the stream of a session that is revoked', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const client = await connect(cookie)
    await client.next((block) => block.startsWith(': connected'))
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id))
    await call(t, 'DELETE', `/v1/session/${session!.id}`, undefined, { cookie: admin })
    await client.ended
  })

  it('sends a keepalive comment every 25 seconds', async () => {
    vi.useFakeTimers()
    try {
      const stream = new EventStream('session', new Set(['services']))
      const chunks: string[] = []
      stream.body.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
      await vi.advanceTimersByTimeAsync(KEEPALIVE_MS)
      expect(chunks.at(-1)).toBe(': keepalive\n\n')
      stream.end()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('closing the app', () => {
  it('ends open event streams instead of waiting for the browsers', async () => {
    const other = await buildTestApp()
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' })
    const cookie = await signIn(other, ADMIN.email, ADMIN.password)
    const client = await openEvents(`${url}/v1/events`, cookie)
    await client.next((block) => block.startsWith(': connected'))
    await other.close()
    await client.ended
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('several server processes (PostgreSQL)', () => {
  const second = useSecondProcess(t)

  it("tells one process's consoles about a change made through another", async () => {
    const client = await connect(admin)
    await client.next((block) => block.startsWith(': connected'))
    // Nothing else writes attribute keys here, so only the second process can cause this notice.
    await second.app.db.insert(attributeKeys).values({ name: 'Elsewhere', type: 'ROOT' })
    await client.next(naming('attributeKeys'))
  })

  it('tells of a change only once sync can read it', async () => {
    const client = await connect(admin)
    await client.next((block) => block.startsWith(': connected'))
    const from = (await pull(t, admin, 'services', null)).position
    const older = await second.pool.connect()
    try {
      // An older transaction still running hides every newer change from sync.
      await older.query('begin')
      await older.query('select pg_current_xact_id()')
      const [row] = await t.db
        .insert(services)
        .values({ key: 'held', name: 'Held' })
        .returning({ id: services.id })
      setTimeout(() => void older.query('commit'), 300)
      await client.next(naming('services'))
      const pulled = await pull(t, admin, 'services', from)
      expect(idsOf(pulled.nodes)).toContain(row!.id)
    } finally {
      older.release()
    }
  })
})
