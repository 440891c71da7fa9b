import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { call, signIn, useTestApp } from './helper'
import { createUser, uniquePhone } from './fixtures'

const t = useTestApp()

async function signedIn(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, fields)
  return { user, cookie: await signIn(t, user.email, user.password) }
}

const put = (cookie: string, id: string, field: string, body: unknown) =>
  call(t, 'PUT', `/v1/user/${id}/${field}`, body, { cookie })

describe('PUT /v1/user/:id/name', () => {
  it('renames oneself and answers results.user', async () => {
    const { user, cookie } = await signedIn()
    const response = await put(cookie, user.id, 'name', { nameFirst: 'Ada', nameLast: 'Lovelace' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      success: true,
      results: { user: { id: user.id, nameFirst: 'Ada', nameLast: 'Lovelace', email: user.email } },
    })
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'user.updated')))
    expect(audit).toEqual([
      expect.objectContaining({ actorUserId: user.id, outcome: 'success', ip: '127.0.0.1' }),
    ])
  })

  it('refuses another user’s id with 403 without users.write', async () => {
    const { cookie } = await signedIn()
    const other = await createUser(t)
    const response = await put(cookie, other.id, 'name', { nameFirst: 'X', nameLast: 'Y' })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ success: false, error: { code: 403 } })
  })

  it('lets users.write edit someone else, and answers 404 for nobody', async () => {
    const { cookie } = await signedIn({ permissions: ['users.write'] })
    const other = await createUser(t)
    const ok = await put(cookie, other.id, 'name', { nameFirst: 'New', nameLast: 'Name' })
    expect(ok.json()).toMatchObject({ results: { user: { id: other.id, nameFirst: 'New' } } })
    const missing = await put(cookie, '01900000-0000-7000-8000-00000000abcd', 'name', {
      nameFirst: 'A',
      nameLast: 'B',
    })
    expect(missing.statusCode).toBe(404)
  })

  it('answers 401 when not signed in', async () => {
    const other = await createUser(t)
    const response = await call(t, 'PUT', `/v1/user/${other.id}/name`, {
      nameFirst: 'A',
      nameLast: 'B',
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('PUT /v1/user/:id/email', () => {
  it('changes one’s own address given the password, lowercased', async () => {
    const { user, cookie } = await signedIn()
    const response = await put(cookie, user.id, 'email', {
      email: 'New.Address@Example.com',
      password: user.password,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      results: { user: { email: 'new.address@example.com' } },
    })
  })

  it('refuses one’s own change with a wrong or missing password: 401, code 805', async () => {
    const { user, cookie } = await signedIn()
    for (const body of [
      { email: 'x1@example.com', password: 'Wrong#pass1' },
      { email: 'x1@example.com' },
    ]) {
      const response = await put(cookie, user.id, 'email', body)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        success: false,
        error: { code: 805, message: 'The password is not correct.' },
      })
    }
  })

  it('refuses an address another account uses with 409', async () => {
    const { user, cookie } = await signedIn()
    const other = await createUser(t)
    const response = await put(cookie, user.id, 'email', {
      email: other.email.toUpperCase(),
      password: user.password,
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      error: { message: 'That email address is already used by another account.' },
    })
  })

  it('refuses a malformed address with 400', async () => {
    const { user, cookie } = await signedIn()
    const response = await put(cookie, user.id, 'email', { email: 'nope', password: user.password })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { code: 1001 } })
  })
})

describe('PUT /v1/user/:id/phone and /mfa', () => {
  it('sets, refuses a taken number, and clears the phone', async () => {
    const { user, cookie } = await signedIn()
    const phone = uniquePhone()
    const set = await put(cookie, user.id, 'phone', { phone, password: user.password })
    expect(set.json()).toMatchObject({ results: { user: { phone } } })

    const { user: other, cookie: otherCookie } = await signedIn()
    const taken = await put(otherCookie, other.id, 'phone', { phone, password: other.password })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({
      error: { message: 'That phone number is already used by another account.' },
    })

    for (const empty of ['', null]) {
      const cleared = await put(cookie, user.id, 'phone', { phone: empty, password: user.password })
      expect(cleared.json()).toMatchObject({ results: { user: { phone: null } } })
    }
  })

  it('refuses to turn on 2FA without a phone: 422 with a reason', async () => {
    const { user, cookie } = await signedIn()
    const response = await put(cookie, user.id, 'mfa', { use2FA: true, password: user.password })
    expect(response.statusCode).toBe(422)
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/phone number/)
  })

  it('turns 2FA on and off with a phone, and keeps the phone while 2FA is on', async () => {
    const { user, cookie } = await signedIn({ phone: uniquePhone() })
    const password = user.password
    const on = await put(cookie, user.id, 'mfa', { use2FA: true, password })
    expect(on.json()).toMatchObject({ results: { user: { use2FA: true } } })
    const clear = await put(cookie, user.id, 'phone', { phone: '', password })
    expect(clear.statusCode).toBe(422)
    const off = await put(cookie, user.id, 'mfa', { use2FA: false, password })
    expect(off.json()).toMatchObject({ results: { user: { use2FA: false } } })
  })

  it('refuses a phone that is not 10 digits with 400', async () => {
    const { user, cookie } = await signedIn()
    const response = await put(cookie, user.id, 'phone', {
      phone: '555-1234',
      password: user.password,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ error: { message: string } }>().error.message).toContain('phone')
  })
})

describe('moving one’s own second factor needs the current password', () => {
  const refusal = { success: false, error: { code: 805, message: 'The password is not correct.' } }
  const auditOf = (userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, 'user.updated')))
      .orderBy(auditLog.at, auditLog.id)

  it('refuses a phone change with a wrong or missing password: 401, 805, audited, nothing stored', async () => {
    const phone = uniquePhone()
    const { user, cookie } = await signedIn({ phone })
    for (const body of [{ phone: uniquePhone(), password: 'Wrong#pass1' }, { phone: null }]) {
      const response = await put(cookie, user.id, 'phone', body)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual(refusal)
    }
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(self.json()).toMatchObject({ results: { user: { phone } } })
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        detail: {
          field: 'phone number',
          reason: 'wrong password',
          device: 'unknown',
          failedAttempts: 1,
        },
      }),
      expect.objectContaining({ outcome: 'failure' }),
    ])
  })

  it('refuses the 2FA switch either way with a wrong or missing password', async () => {
    const { user, cookie } = await signedIn({ phone: uniquePhone() })
    for (const body of [{ use2FA: true, password: 'Wrong#pass1' }, { use2FA: true }]) {
      const response = await put(cookie, user.id, 'mfa', body)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual(refusal)
    }
    const on = await put(cookie, user.id, 'mfa', { use2FA: true, password: user.password })
    expect(on.statusCode).toBe(200)
    const off = await put(cookie, user.id, 'mfa', { use2FA: false })
    expect(off.statusCode).toBe(401)
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(self.json()).toMatchObject({ results: { user: { use2FA: true } } })
    // Re-checks count like sign-ins (from an unknown device here: the test keeps no device cookie).
    const wrong = (failedAttempts: number) => ({
      field: 'two-factor setting',
      reason: 'wrong password',
      device: 'unknown',
      failedAttempts,
    })
    expect((await auditOf(user.id)).map((row) => [row.outcome, row.detail])).toEqual([
      ['failure', wrong(1)],
      ['failure', wrong(2)],
      [
        'success',
        {
          field: 'two-factor setting',
          use2FA: true,
          changes: { use2FA: { before: false, after: true } },
        },
      ],
      // The right password ended the run: the count starts again.
      ['failure', wrong(1)],
    ])
  })

  it('audits a phone change that succeeds', async () => {
    const { user, cookie } = await signedIn()
    const phone = uniquePhone()
    await put(cookie, user.id, 'phone', { phone, password: user.password })
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({
        outcome: 'success',
        actorUserId: user.id,
        detail: {
          field: 'phone number',
          cleared: false,
          changes: { phone: { before: null, after: phone } },
        },
      }),
    ])
  })

  it('does not ask staff with users.write editing someone else', async () => {
    const { cookie } = await signedIn({ permissions: ['users.write'] })
    const other = await createUser(t, { phone: uniquePhone() })
    const phone = await put(cookie, other.id, 'phone', { phone: uniquePhone() })
    expect(phone.statusCode).toBe(200)
    const mfa = await put(cookie, other.id, 'mfa', { use2FA: true })
    expect(mfa.json()).toMatchObject({ results: { user: { use2FA: true } } })
  })
})
