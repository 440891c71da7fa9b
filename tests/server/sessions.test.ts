import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions } from '../../server/db/schema/sessions'
import { call, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'

const t = useTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '12' })

const MINUTE = 60_000

async function openSession() {
  const user = await createUser(t)
  const cookie = await signIn(t, user.email, user.password)
  const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id))
  if (!session) throw new Error('no session row')
  return { cookie, session }
}

const self = (cookie: string) => call(t, 'GET', '/v1/self', undefined, { cookie })
const shift = (id: string, change: Partial<typeof sessions.$inferInsert>) =>
  t.db.update(sessions).set(change).where(eq(sessions.id, id))
const rowOf = async (id: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]

describe('console session lifetimes', () => {
  it('stores ip, user agent, idle and absolute expiry', async () => {
    const { session } = await openSession()
    expect(session.ip).toBe('127.0.0.1')
    expect(session.userAgent).toBe('lightMyRequest')
    const idle = session.expires.getTime() - session.createdAt.getTime()
    const absolute = session.absoluteExpires.getTime() - session.createdAt.getTime()
    expect(idle).toBe(30 * MINUTE)
    expect(absolute).toBe(12 * 60 * MINUTE)
  })

  it('ends a session idle past its expiry and deletes the row', async () => {
    const { cookie, session } = await openSession()
    await shift(session.id, { expires: new Date(Date.now() - 1000) })
    expect((await self(cookie)).statusCode).toBe(401)
    expect(await rowOf(session.id)).toBeUndefined()
  })

  it('ends a session past its absolute expiry even when recently used', async () => {
    const { cookie, session } = await openSession()
    await shift(session.id, { absoluteExpires: new Date(Date.now() - 1000) })
    expect((await self(cookie)).statusCode).toBe(401)
  })

  it('slides the idle expiry when used, at most once a minute', async () => {
    const { cookie, session } = await openSession()
    await shift(session.id, {
      lastSeenAt: new Date(Date.now() - 10 * MINUTE),
      expires: new Date(Date.now() + 20 * MINUTE),
    })
    expect((await self(cookie)).statusCode).toBe(200)
    const slid = await rowOf(session.id)
    expect(slid?.expires.getTime()).toBeGreaterThan(Date.now() + 29 * MINUTE)
    expect(slid?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - MINUTE)

    // Within the minute nothing is written.
    const before = await rowOf(session.id)
    expect((await self(cookie)).statusCode).toBe(200)
    expect((await rowOf(session.id))?.rev).toBe(before?.rev)
  })

  it('never slides the idle expiry past the absolute one', async () => {
    const { cookie, session } = await openSession()
    const absolute = new Date(Date.now() + 5 * MINUTE)
    await shift(session.id, {
      lastSeenAt: new Date(Date.now() - 10 * MINUTE),
      absoluteExpires: absolute,
    })
    expect((await self(cookie)).statusCode).toBe(200)
    expect((await rowOf(session.id))?.expires.getTime()).toBe(absolute.getTime())
  })
})
