import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { services } from '../../server/db/schema/services'
import { sessions } from '../../server/db/schema/sessions'
import { newToken } from '../../server/domain/tokens'
import { insertResetToken } from '../../server/repos/reset-tokens'
import { revokeSession } from '../../server/repos/sessions'
import { openEvents, type EventClient } from './events-helper'
import { createUser } from './fixtures'
import { ADMIN, call, sessionCookieOf, signIn, useTestApp, useSecondProcess } from './helper'

// Rows are changed by hand here; the minute's purge must not get there first.
const t = useTestApp()
let base: string
let admin: string
const clients: EventClient[] = []

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})
afterAll(() => clients.forEach((client) => client.close()))

/** A new user signed in, with an open event stream of that session. */
async function listening(permissions: 'services.read'[] = ['services.read']) {
  const user = await createUser(t, { permissions })
  const cookie = await signIn(t, user.email, user.password)
  const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id))
  const client = await openEvents(`${base}/v1/events`, cookie)
  clients.push(client)
  await client.next((block) => block.startsWith(': connected'))
  return { user, cookie, session: session!, client }
}

/** Resolves true when the stream ends within `ms`, false when it is still open. */
const endsWithin = (client: EventClient, ms = 5_000) =>
  Promise.race([
    client.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ])

const shift = (id: string, change: Partial<typeof sessions.$inferInsert>) =>
  t.db.update(sessions).set(change).where(eq(sessions.id, id))

let serial = 0
const addService = () => {
  serial += 1
  return t.db.insert(services).values({ key: `end-${serial}`, name: `End ${serial}` })
}

describe('an event stream ends with its session', () => {
  it('stays open while the session lives (the check below can fail)', async () => {
    const { client } = await listening()
    await addService()
    await client.next((block) => block.startsWith('data: '))
    expect(await endsWithin(client, 300)).toBe(false)
  })

  it('when the idle expiry passes, with no request and no change to tell', async () => {
    const { session, client } = await listening()
    await shift(session.id, { expires: new Date(Date.now() + 1_500) })
    expect(await endsWithin(client)).toBe(true)
  })

  it('when the absolute expiry passes', async () => {
    const { session, client } = await listening()
    await shift(session.id, { absoluteExpires: new Date(Date.now() + 1_500) })
    expect(await endsWithin(client)).toBe(true)
  })

  it('before telling it of a change once the session has expired', async () => {
    const { session, client } = await listening()
    const blocks: string[] = []
    void client.next((block) => (blocks.push(block), false), 5_000).catch(() => {})
    await shift(session.id, { expires: new Date(Date.now() - 1_000) })
    await addService()
    expect(await endsWithin(client)).toBe(true)
    expect(blocks.filter((block) => block.startsWith('data: '))).toEqual([])
  })

  it('when the session is revoked', async () => {
    const { session, client } = await listening()
    const revoked = await call(t, 'DELETE', `/v1/session/${session.id}`, undefined, {
      cookie: admin,
    })
    expect(revoked.statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
  })

  it('when all the user’s sessions are revoked', async () => {
    const { user, client } = await listening()
    const revoked = await call(t, 'DELETE', `/v1/user/${user.id}/sessions`, undefined, {
      cookie: admin,
    })
    expect(revoked.statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
  })

  it('when the user logs out', async () => {
    const { cookie, client } = await listening()
    expect((await call(t, 'POST', '/v1/logout', undefined, { cookie })).statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
  })

  it('when the same browser signs in again', async () => {
    const { user, cookie, client } = await listening()
    const body = { username: user.email, password: user.password }
    expect((await call(t, 'POST', '/v1/login', body, { cookie })).statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
  })

  it('when a password change ends the user’s other sessions', async () => {
    const { user, client } = await listening()
    const other = await signIn(t, user.email, user.password)
    const change = { oldPassword: user.password, password: 'Changed#Pass2026' }
    const changed = await call(t, 'PUT', `/v1/user/${user.id}/password`, change, {
      cookie: other,
    })
    expect(changed.statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
  })

  it('when a password reset ends every session of the user', async () => {
    const { user, client } = await listening()
    const { token, hash } = newToken()
    const now = new Date()
    const expiresAt = new Date(now.getTime() + 600_000)
    await insertResetToken(t.db, {
      userId: user.id,
      tokenHash: hash,
      reason: 'requested',
      createdAt: now,
      expiresAt,
    })
    const body = { username: user.email, password: 'Reset#Pass2026' }
    expect((await call(t, 'PUT', `/v1/passwordreset/${token}`, body)).statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
  })

  it('when the row is deleted behind this process’s back (another process, the purge)', async () => {
    const { session, client } = await listening()
    // Far from expiry as far as this process's timer knows; no route here tells the registry.
    await revokeSession(t.db, { type: 'INTERNAL' }, session.id)
    expect(await endsWithin(client)).toBe(true)
  })

  it('and a stream of a signed-out request is refused', async () => {
    const { cookie } = await listening()
    await call(t, 'POST', '/v1/logout', undefined, { cookie })
    const client = await openEvents(`${base}/v1/events`, cookie)
    clients.push(client)
    expect(client.status).toBe(401)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('several server processes (PostgreSQL)', () => {
  const second = useSecondProcess(t)

  it('ends a stream whose session another process revoked', async () => {
    const { session, client } = await listening()
    const otherAdmin = sessionCookieOf(
      await second.app.inject({
        method: 'POST',
        url: '/v1/login',
        payload: { username: ADMIN.email, password: ADMIN.password },
      }),
    )
    const revoked = await second.app.inject({
      method: 'DELETE',
      url: `/v1/session/${session.id}`,
      headers: { cookie: otherAdmin },
    })
    expect(revoked.statusCode).toBe(200)
    expect(await endsWithin(client)).toBe(true)
  })
})
