import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { passwords } from '../../server/domain/passwords'
import { hashToken } from '../../server/domain/tokens'
import { ADMIN, call, sessionCookieOf, signIn, useTestApp } from './helper'
import { anyString, createUser, uniquePhone } from './fixtures'

const t = useTestApp()

describe('POST /v1/login', () => {
  it('opens a session: HttpOnly SameSite=Lax cookie, only the token hash stored', async () => {
    const response = await call(t, 'POST', '/v1/login', {
      username: ADMIN.email,
      password: ADMIN.password,
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<{ success: boolean; results: { user: { id: string } } }>()
    expect(body).toEqual({ success: true, results: { user: { id: anyString() } } })

    const cookie = response.cookies.find((c) => c.name === 'gatehouse_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeFalsy()
    const token = cookie?.value ?? ''
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32)

    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, body.results.user.id))
    expect(rows.map((row) => row.tokenHash)).toContain(hashToken(token))
    expect(rows.some((row) => Object.values(row).includes(token))).toBe(false)
    const [admin] = await t.db.select().from(users).where(eq(users.id, body.results.user.id))
    expect(admin?.lastLogin).toBeInstanceOf(Date)
  })

  it('gives a new token at every sign-in', async () => {
    const first = await signIn(t, ADMIN.email, ADMIN.password)
    const second = await signIn(t, ADMIN.email, ADMIN.password)
    expect(first).not.toBe(second)
  })

  it('accepts the username in any letter case', async () => {
    const response = await call(t, 'POST', '/v1/login', {
      username: '  ADMIN@Example.com ',
      password: ADMIN.password,
    })
    expect(response.statusCode).toBe(200)
  })

  it('accepts a 10-digit phone as the username, with or without a prefix', async () => {
    const phone = uniquePhone()
    const user = await createUser(t, { phone })
    for (const username of [phone, `+91${phone}`, `0${phone}`]) {
      const response = await call(t, 'POST', '/v1/login', { username, password: user.password })
      expect(response.statusCode, username).toBe(200)
      expect(response.json()).toMatchObject({ results: { user: { id: user.id } } })
    }
  })

  it('refuses a wrong password with 801 and audits the failure', async () => {
    const user = await createUser(t)
    const response = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: 'Wrong#pass1',
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      success: false,
      error: { code: 801, message: 'Incorrect Login. Try Again.' },
    })
    expect(response.cookies).toHaveLength(0)
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))
    expect(audit).toEqual([
      expect.objectContaining({ action: 'login', outcome: 'failure', ip: '127.0.0.1' }),
    ])
  })

  it('refuses an unknown user with 801 after one argon2 verification like any other', async () => {
    const verify = vi.spyOn(passwords, 'verify')
    try {
      const response = await call(t, 'POST', '/v1/login', {
        username: 'nobody@example.com',
        password: 'Whatever#1',
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ error: { code: 801 } })
      expect(verify).toHaveBeenCalledTimes(1)
      expect(verify.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    } finally {
      verify.mockRestore()
    }
  })

  it('does the database work of a known wrong password for an unknown user: one transaction, one update', async () => {
    const work = async (username: string, password: string) => {
      const transaction = vi.spyOn(t.app.db, 'transaction')
      const update = vi.spyOn(t.app.db, 'update')
      try {
        const response = await call(t, 'POST', '/v1/login', { username, password })
        expect(response.statusCode).toBe(401)
        return { transactions: transaction.mock.calls.length, updates: update.mock.calls.length }
      } finally {
        transaction.mockRestore()
        update.mockRestore()
      }
    }
    const user = await createUser(t)
    const known = await work(user.email, 'Wrong#pass1')
    expect(known.transactions).toBe(1)
    expect(await work('nobody.timing@example.com', 'Wrong#pass1')).toEqual(known)
  })

  it('treats a username that is neither email nor phone as unknown', async () => {
    const response = await call(t, 'POST', '/v1/login', { username: 'admin', password: 'x' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 801 } })
  })
})

describe('GET /v1/self', () => {
  it('answers 401 without a session', async () => {
    const response = await call(t, 'GET', '/v1/self')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      success: false,
      error: { code: 401, message: 'You are not signed in.' },
    })
  })

  it('answers 401 for a made-up token', async () => {
    const response = await call(t, 'GET', '/v1/self', undefined, {
      cookie: 'gatehouse_session=forged',
    })
    expect(response.statusCode).toBe(401)
  })

  it('answers the signed-in user with permissions, expiry and the previous sign-in', async () => {
    const user = await createUser(t, { permissions: ['users.read'] })
    await signIn(t, user.email, user.password, '10.0.0.1')
    const cookie = await signIn(t, user.email, user.password, '10.0.0.2')
    const response = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(response.statusCode).toBe(200)
    const self = response.json<{ results: { user: Record<string, unknown> } }>().results.user
    expect(self).toMatchObject({
      id: user.id,
      email: user.email,
      nameFirst: 'Test',
      phone: null,
      use2FA: false,
      visage: null,
      type: 'INTERNAL',
      permissions: ['users.read'],
      mustChangePassword: false,
      previousSignIn: { at: anyString(), ip: '10.0.0.1' },
    })
    const expires = new Date(self.passwordExpiresAt as string).getTime()
    const expected = user.passwordChangedAt.getTime() + 90 * 86_400_000
    expect(expires).toBe(expected)
    expect(self).not.toHaveProperty('passwordHash')
    expect(self).not.toHaveProperty('failedAttempts')
  })

  it('says the password must change once it has expired', async () => {
    const user = await createUser(t)
    await t.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(users.id, user.id))
    const cookie = await signIn(t, user.email, user.password)
    const response = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(response.json()).toMatchObject({ results: { user: { mustChangePassword: true } } })
  })
})

describe('POST /v1/logout', () => {
  it('deletes the session row and clears the cookie', async () => {
    const user = await createUser(t)
    const response = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    const cookie = sessionCookieOf(response)
    const out = await call(t, 'POST', '/v1/logout', undefined, { cookie })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ success: true })
    const cleared = out.cookies.find((c) => c.name === 'gatehouse_session')
    expect(cleared?.value).toBe('')
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie })).statusCode).toBe(401)
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))
    expect(audit.map((row) => `${row.action}:${row.outcome}`)).toEqual([
      'login:success',
      'logout:success',
    ])
  })

  it('answers 200 when nobody is signed in', async () => {
    const out = await call(t, 'POST', '/v1/logout')
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ success: true })
  })
})
