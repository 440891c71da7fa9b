import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { users } from '../../server/db/schema/users'
import { call, latestSmsCode, outboxFiles, useTestApp } from './helper'
import { createUser, uniquePhone } from './fixtures'

const t = useTestApp({ LOCKOUT_THRESHOLD: '3' })

const login = (username: string, password: string) =>
  call(t, 'POST', '/v1/login', { username, password })

describe('lockout after LOCKOUT_THRESHOLD consecutive failures', () => {
  it('locks at the threshold with 802, then refuses even the right password', async () => {
    const user = await createUser(t)
    expect((await login(user.email, 'Wrong#one1')).json()).toMatchObject({ error: { code: 801 } })
    expect((await login(user.email, 'Wrong#two2')).json()).toMatchObject({ error: { code: 801 } })
    const third = await login(user.email, 'Wrong#three3')
    expect(third.statusCode).toBe(403)
    expect(third.json()).toEqual({
      success: false,
      error: {
        code: 802,
        message:
          'This account has been locked, once an admin unlocks your account you will receive a password reset email.',
      },
    })
    const right = await login(user.email, user.password)
    expect(right.statusCode).toBe(403)
    expect(right.json()).toMatchObject({ error: { code: 802 } })
    expect(right.cookies).toHaveLength(0)

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))
    expect(audit.map((row) => `${row.action}:${row.outcome}`)).toEqual([
      'login:failure',
      'login:failure',
      'login:failure',
      'account.locked:success',
      'login:refused',
    ])
    const notice = outboxFiles(t).filter((m) => m.to === user.email)
    expect(notice).toHaveLength(1)
    expect(notice[0]).toMatchObject({
      channel: 'email',
      subject: 'Your Gatehouse account has been locked',
    })
  })

  it('resets the count after a successful sign-in', async () => {
    const user = await createUser(t)
    await login(user.email, 'Wrong#one1')
    await login(user.email, 'Wrong#two2')
    expect((await login(user.email, user.password)).statusCode).toBe(200)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.failedAttempts).toBe(0)
    await login(user.email, 'Wrong#one1')
    await login(user.email, 'Wrong#two2')
    expect((await login(user.email, user.password)).statusCode).toBe(200)
  })

  it('counts wrong security codes with wrong passwords', async () => {
    const user = await createUser(t, { phone: uniquePhone(), use2fa: true })
    await login(user.email, 'Wrong#one1')
    const step = await login(user.email, user.password)
    const { mfaId } = step.json<{ results: { mfaId: string } }>().results
    const right = latestSmsCode(t, user.phone ?? '')
    const wrong = right === '999999' ? '888888' : '999999'
    const verify = (code: string) =>
      call(t, 'POST', '/v1/login/verify', {
        userId: user.id,
        requestId: mfaId,
        accessCode: code,
        service: 'sso',
      })
    expect((await verify(wrong)).json()).toMatchObject({ error: { code: 803 } })
    expect((await verify(wrong)).json()).toMatchObject({ error: { code: 802 } })
    expect((await verify(right)).json()).toMatchObject({ error: { code: 802 } })
  })
})
