import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { call, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'

const t = useTestApp()

async function signedIn() {
  const user = await createUser(t)
  await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id))
  return { user, cookie: await signIn(t, user.email, user.password) }
}

const change = (cookie: string, id: string, oldPassword: string, password: string) =>
  call(t, 'PUT', `/v1/user/${id}/password`, { oldPassword, password }, { cookie })

describe('PUT /v1/user/:id/password', () => {
  it('refuses a wrong old password with 805', async () => {
    const { user, cookie } = await signedIn()
    const response = await change(cookie, user.id, 'Wrong#pass1', 'Brand#New2026')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ success: false, error: { code: 805 } })
  })

  it('refuses a password that breaks the policy with 806, listing the rules broken', async () => {
    const { user, cookie } = await signedIn()
    const response = await change(cookie, user.id, user.password, 'alllowercase')
    expect(response.statusCode).toBe(422)
    const { error } = response.json<{ error: { code: number; message: string } }>()
    expect(error.code).toBe(806)
    expect(error.message).toContain('an uppercase letter')
    expect(error.message).toContain('a number')
    expect(error.message).toContain('a special character')
    expect(error.message).not.toContain('a lowercase letter')
  })

  it('refuses the current password and the last five with 807', async () => {
    const { user, cookie } = await signedIn()
    expect((await change(cookie, user.id, user.password, user.password)).json()).toMatchObject({
      error: { code: 807 },
    })
    const used = ['First#2026a', 'Second#2026b', 'Third#2026c', 'Fourth#2026d', 'Fifth#2026e']
    let current = user.password
    for (const next of used) {
      expect((await change(cookie, user.id, current, next)).statusCode).toBe(200)
      current = next
    }
    // The original is now six passwords back and may be used again; the others may not.
    expect((await change(cookie, user.id, current, used[1] ?? '')).json()).toMatchObject({
      error: { code: 807 },
    })
    expect((await change(cookie, user.id, current, user.password)).statusCode).toBe(200)
  })

  it('on success clears the forced change, restarts expiry and ends other sessions', async () => {
    const { user, cookie } = await signedIn()
    const elsewhere = await signIn(t, user.email, user.password)
    const before = (await t.db.select().from(users).where(eq(users.id, user.id)))[0]
    const response = await change(cookie, user.id, user.password, 'Changed#2026x')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(after?.mustChangePassword).toBe(false)
    expect(after?.passwordChangedAt.getTime()).toBeGreaterThan(
      before?.passwordChangedAt.getTime() ?? 0,
    )
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie })).statusCode).toBe(200)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie: elsewhere })).statusCode).toBe(
      401,
    )
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1)
    expect(
      (await call(t, 'POST', '/v1/login', { username: user.email, password: 'Changed#2026x' }))
        .statusCode,
    ).toBe(200)
  })

  it('refuses to change someone else’s password with 403', async () => {
    const { user, cookie } = await signedIn()
    const other = await createUser(t)
    const response = await change(cookie, other.id, user.password, 'Brand#New2026')
    expect(response.statusCode).toBe(403)
  })
})
