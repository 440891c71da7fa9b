import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { users } from '../../server/db/schema/users'
import { ADMIN, call, outboxFiles, signIn, useTestApp } from './helper'
import { accountCounter, createUser, setAccountCounter } from './fixtures'

const t = useTestApp()

const unlock = (id: string, cookie?: string) =>
  call(t, 'POST', `/v1/user/${id}/unlock`, undefined, cookie ? { cookie } : {})

async function lockedUser() {
  const user = await createUser(t)
  await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, user.id))
  await setAccountCounter(t, user.id, { failedAttempts: 2, lockoutCount: 3 })
  return user
}

const adminCookie = () => signIn(t, ADMIN.email, ADMIN.password)

describe('POST /v1/user/:id/unlock', () => {
  it('lifts the lock, clears the counts, sends the reset link and audits it', async () => {
    const user = await lockedUser()
    const answer = await unlock(user.id, await adminCookie())
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ success: true, results: { unlocked: true } })

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ lockedAt: null, lockedUntil: null })
    expect(await accountCounter(t, user.id)).toBeUndefined()
    const mail = outboxFiles(t).filter((m) => m.to === user.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({
      channel: 'email',
      subject: 'Your Gatehouse account has been unlocked',
    })
    const slug = /\/passwordReset\/([A-Za-z0-9_-]+)/.exec(mail[0]?.text ?? '')?.[1]
    expect((await call(t, 'GET', `/v1/resettoken/${slug}`)).json()).toEqual({
      success: true,
      results: { email: user.email, invitation: false },
    })

    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN.email))
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'account.unlocked')))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      outcome: 'success',
      actorUserId: admin?.id,
      detail: {
        wasLocked: 'permanent',
        resetLinkSent: true,
        changes: { locked: { before: true, after: false } },
      },
    })
  })

  it('lifts a temporary lock too', async () => {
    const user = await createUser(t)
    await setAccountCounter(t, user.id, {
      lockedUntil: new Date(Date.now() + 600_000),
      lockoutCount: 1,
    })
    const answer = await unlock(user.id, await adminCookie())
    expect(answer.json()).toMatchObject({ success: true, results: { unlocked: true } })
    const login = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    expect(login.statusCode).toBe(200)
  })

  it('sends nothing for an account that has no lock', async () => {
    const user = await createUser(t)
    const answer = await unlock(user.id, await adminCookie())
    expect(answer.json()).toMatchObject({ success: true, results: { unlocked: false } })
    expect(outboxFiles(t).filter((m) => m.to === user.email)).toHaveLength(0)
  })

  it('needs users.write: 401 signed out, 403 without it, and the lock stays', async () => {
    const user = await lockedUser()
    expect((await unlock(user.id)).statusCode).toBe(401)
    const staff = await createUser(t, { permissions: ['users.read', 'sessions.revoke'] })
    const cookie = await signIn(t, staff.email, staff.password)
    const refused = await unlock(user.id, cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ success: false, error: { code: 403 } })
    // Not even oneself.
    expect((await unlock(staff.id, cookie)).statusCode).toBe(403)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.lockedAt).not.toBeNull()
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const cookie = await adminCookie()
    const unknown = await unlock('01890000-0000-7000-8000-000000000000', cookie)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({
      success: false,
      error: { code: 404, message: 'There is no such user.' },
    })
    const bad = await unlock('not-an-id', cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false, error: { code: 1001 } })
  })
})
