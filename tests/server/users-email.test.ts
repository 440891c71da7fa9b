import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { emailVerifications } from '../../server/db/schema/credentials'
import { users } from '../../server/db/schema/users'
import { createUser } from './fixtures'
import { ADMIN, call, outboxFiles, signIn, useTestApp } from './helper'

const t = useTestApp()
let admin = ''
let adminId = ''

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  const [row] = await t.db.select().from(users).where(eq(users.email, ADMIN.email))
  adminId = row!.id
})

const EXPIRED = {
  success: false,
  error: { code: 804, message: 'This link has expired or was already used.' },
}

const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!
const tokenIn = (text = '') => /\/verifyEmail\/([A-Za-z0-9_-]+)/.exec(text)?.[1]
const verify = (token: string, ip = '10.9.0.1') =>
  call(t, 'POST', `/v1/email-verification/${token}`, undefined, { ip })

describe('staff changing another user’s email', () => {
  it('keeps the old address until the new one is confirmed by its link', async () => {
    const user = await createUser(t)
    const newEmail = `new.${user.id.slice(-6)}@example.com`
    const answer = await call(
      t,
      'PUT',
      `/v1/user/${user.id}/email`,
      { email: newEmail },
      { cookie: admin },
    )
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      results: { user: { email: user.email, pendingEmail: newEmail } },
    })
    // The link goes to the new address, a notice to the old.
    const confirm = outboxFiles(t).find((m) => m.to === newEmail)
    expect(confirm?.text).toContain('http://localhost:8080/verifyEmail/')
    expect(confirm?.text).toContain('24 hours')
    const notice = outboxFiles(t).find((m) => m.to === user.email)
    expect(notice?.text).toContain(newEmail)
    expect(notice?.text).not.toContain('/verifyEmail/')
    // Only the hash is stored, for 24 hours.
    const token = tokenIn(confirm?.text)!
    const [stored] = await t.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user.id))
    expect(stored?.tokenHash).not.toBe(token)
    const hours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000
    expect(hours).toBe(24)
    // The account still signs in with the old address.
    expect(
      (await call(t, 'POST', '/v1/login', { username: user.email, password: user.password }))
        .statusCode,
    ).toBe(200)

    const done = await verify(token)
    expect(done.json()).toEqual({ success: true, results: { email: newEmail } })
    const after = await row(user.id)
    expect([after.email, after.pendingEmail]).toEqual([newEmail, null])
    // Once only.
    const again = await verify(token)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual(EXPIRED)

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))
    expect(audits.find((a) => a.action === 'user.email_pending')).toMatchObject({
      actorUserId: adminId,
      detail: { changes: { pendingEmail: { before: null, after: newEmail } } },
    })
    expect(
      audits.find((a) => a.action === 'user.email_verified' && a.outcome === 'success'),
    ).toMatchObject({
      actorUserId: user.id,
      detail: { changes: { email: { before: user.email, after: newEmail } } },
    })
  })

  it('answers 409 when another account took the address meanwhile; an expired link is 804', async () => {
    const user = await createUser(t)
    const wanted = `wanted.${user.id.slice(-6)}@example.com`
    await call(t, 'PUT', `/v1/user/${user.id}/email`, { email: wanted }, { cookie: admin })
    const token = tokenIn(outboxFiles(t).find((m) => m.to === wanted)?.text)!
    await createUser(t, { email: wanted })
    const taken = await verify(token)
    expect(taken.statusCode).toBe(409)
    expect((await row(user.id)).email).toBe(user.email)

    const other = await createUser(t)
    const later = `later.${other.id.slice(-6)}@example.com`
    await call(t, 'PUT', `/v1/user/${other.id}/email`, { email: later }, { cookie: admin })
    const old = tokenIn(outboxFiles(t).find((m) => m.to === later)?.text)!
    await t.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, other.id))
    expect((await verify(old)).json()).toEqual(EXPIRED)
    expect((await verify('x'.repeat(43))).json()).toEqual(EXPIRED)
    expect((await verify('short')).statusCode).toBe(400)
    expect((await verify('a%00'.padEnd(20, 'b'))).statusCode).toBe(400)
  })

  it('throttles bad links per client address (823)', async () => {
    let last = 0
    for (let i = 0; i < 12; i++) last = (await verify('y'.repeat(43), '10.9.9.9')).statusCode
    expect(last).toBe(429)
  })

  it('users changing their own address do so at once, with their password', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const mine = `mine.${user.id.slice(-6)}@example.com`
    const answer = await call(
      t,
      'PUT',
      `/v1/user/${user.id}/email`,
      { email: mine, password: user.password },
      { cookie },
    )
    expect(answer.json()).toMatchObject({ results: { user: { email: mine, pendingEmail: null } } })
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))
    expect(audit).toBeDefined()
  })
})

interface Timeline {
  results: {
    events: { id: string; action: string; actor: { email: string | null } | null; at: string }[]
    cursor: string | null
  }
}

describe('GET /v1/user/:id/timeline', () => {
  it('pages the audit rows about the user, newest first, with the actor', async () => {
    const user = await createUser(t)
    await signIn(t, user.email, user.password)
    for (const action of ['lock', 'unlock', 'disable', 'enable', 'require-password-change'])
      await call(t, 'POST', `/v1/user/${user.id}/${action}`, undefined, { cookie: admin })
    const seen: Timeline['results']['events'] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = cursor ? `?limit=2&before=${cursor}` : '?limit=2'
      const response = await call(t, 'GET', `/v1/user/${user.id}/timeline${query}`, undefined, {
        cookie: admin,
      })
      expect(response.statusCode).toBe(200)
      const page: Timeline = response.json()
      expect(page.results.events.length).toBeLessThanOrEqual(2)
      seen.push(...page.results.events)
      cursor = page.results.cursor
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen.map((e) => e.action)).toEqual([
      'user.must_change_password',
      'account.enabled',
      'account.disabled',
      'account.unlocked',
      'account.locked',
      'login',
    ])
    expect(seen[0]!.actor).toMatchObject({ id: adminId, email: ADMIN.email })
    expect(seen.at(-1)!.actor).toBeNull()
    const times = seen.map((e) => e.at)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('is readable with users.read or by the user; refuses others, bad cursors and ids', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const own = await call(t, 'GET', `/v1/user/${user.id}/timeline`, undefined, { cookie })
    expect(own.statusCode).toBe(200)
    const stranger = await createUser(t)
    const strangerCookie = await signIn(t, stranger.email, stranger.password)
    const refused = await call(t, 'GET', `/v1/user/${user.id}/timeline`, undefined, {
      cookie: strangerCookie,
    })
    expect(refused.statusCode).toBe(403)
    expect((await call(t, 'GET', `/v1/user/${user.id}/timeline`)).statusCode).toBe(401)
    const get = (url: string) => call(t, 'GET', url, undefined, { cookie: admin })
    expect((await get(`/v1/user/${user.id}/timeline?before=nope`)).statusCode).toBe(400)
    expect((await get(`/v1/user/${user.id}/timeline?limit=0`)).statusCode).toBe(400)
    expect((await get(`/v1/user/${user.id}/timeline?x=1`)).statusCode).toBe(400)
    expect((await get(`/v1/user/${user.id}/timeline?before=%00`)).statusCode).toBe(400)
    expect((await get('/v1/user/not-an-id/timeline')).statusCode).toBe(400)
    expect((await get('/v1/user/01890000-0000-7000-8000-000000000000/timeline')).statusCode).toBe(
      404,
    )
  })
})
