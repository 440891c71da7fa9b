import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { sessions } from '../../server/db/schema/sessions'
import { ADMIN, call, sessionCookieOf, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'

const t = useTestApp()
let admin: string

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

const sessionsOf = (userId: string) =>
  t.db.select().from(sessions).where(eq(sessions.userId, userId))
const self = (cookie: string) => call(t, 'GET', '/v1/self', undefined, { cookie })
const auditsOf = (action: string, subjectUserId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, subjectUserId)))

describe('DELETE /v1/session/:id', () => {
  it("revokes another user's session: their cookie stops working, and it is audited", async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const [session] = await sessionsOf(user.id)
    const response = await call(t, 'DELETE', `/v1/session/${session!.id}`, undefined, {
      cookie: admin,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    // The administrator stays signed in; only the revoked one is out.
    expect(response.cookies).toEqual([])
    expect((await self(cookie)).statusCode).toBe(401)
    expect((await self(admin)).statusCode).toBe(200)
    const [audit] = await auditsOf('session.revoked', user.id)
    expect(audit).toMatchObject({ outcome: 'success', detail: { sessionId: session!.id } })
  })

  it('signs the caller out when the session is their own', async () => {
    const user = await createUser(t, { permissions: ['sessions.read', 'sessions.revoke'] })
    const cookie = await signIn(t, user.email, user.password)
    const [session] = await sessionsOf(user.id)
    const response = await call(t, 'DELETE', `/v1/session/${session!.id}`, undefined, { cookie })
    expect(response.statusCode).toBe(200)
    const cleared = response.cookies.find((c) => c.name === 'gatehouse_session')
    expect(cleared?.value).toBe('')
    expect((await self(cookie)).statusCode).toBe(401)
  })

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    const unknown = await call(
      t,
      'DELETE',
      '/v1/session/01890000-0000-7000-8000-000000000000',
      undefined,
      {
        cookie: admin,
      },
    )
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ success: false, error: { code: 404 } })
    const malformed = await call(t, 'DELETE', '/v1/session/abc', undefined, { cookie: admin })
    expect(malformed.statusCode).toBe(400)
  })

  it('refuses a user without sessions.revoke, and the signed-out', async () => {
    const reader = await createUser(t, { permissions: ['sessions.read'] })
    const cookie = await signIn(t, reader.email, reader.password)
    const [session] = await sessionsOf(reader.id)
    const path = `/v1/session/${session!.id}`
    const refused = await call(t, 'DELETE', path, undefined, { cookie })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: { code: 403 } })
    expect((await call(t, 'DELETE', path)).statusCode).toBe(401)
    expect(await sessionsOf(reader.id)).toHaveLength(1)
  })
})

describe('DELETE /v1/user/:id/sessions', () => {
  it('revokes every session of a user, answers the count, and audits it', async () => {
    const user = await createUser(t)
    const cookies = [
      await signIn(t, user.email, user.password),
      await signIn(t, user.email, user.password),
    ]
    const response = await call(t, 'DELETE', `/v1/user/${user.id}/sessions`, undefined, {
      cookie: admin,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, results: { count: 2 } })
    expect(await sessionsOf(user.id)).toEqual([])
    for (const cookie of cookies) expect((await self(cookie)).statusCode).toBe(401)
    const [audit] = await auditsOf('user.sessions_revoked', user.id)
    expect(audit?.detail).toEqual({ count: 2 })
  })

  it('signs the caller out when they revoke their own sessions', async () => {
    const user = await createUser(t, { permissions: ['sessions.revoke'] })
    const login = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    const cookie = sessionCookieOf(login)
    const response = await call(t, 'DELETE', `/v1/user/${user.id}/sessions`, undefined, { cookie })
    expect(response.json()).toEqual({ success: true, results: { count: 1 } })
    expect(response.cookies.find((c) => c.name === 'gatehouse_session')?.value).toBe('')
  })

  it('answers 404 for an unknown user and 403 without sessions.revoke', async () => {
    const missing = '01890000-0000-7000-8000-000000000001'
    const unknown = await call(t, 'DELETE', `/v1/user/${missing}/sessions`, undefined, {
      cookie: admin,
    })
    expect(unknown.statusCode).toBe(404)
    const user = await createUser(t, { permissions: ['sessions.read'] })
    const cookie = await signIn(t, user.email, user.password)
    const refused = await call(t, 'DELETE', `/v1/user/${user.id}/sessions`, undefined, { cookie })
    expect(refused.statusCode).toBe(403)
  })
})
