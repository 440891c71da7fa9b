import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { mfaRequests } from '../../server/db/schema/credentials'
import { call, latestSmsCode, outboxFiles, sessionCookieOf, useTestApp } from './helper'
import { anyString, createUser, uniquePhone } from './fixtures'

const t = useTestApp()

async function twoFactorUser() {
  return createUser(t, { phone: uniquePhone(), use2fa: true })
}

async function passwordStep(user: { email: string; password: string }) {
  const response = await call(t, 'POST', '/v1/login', {
    username: user.email,
    password: user.password,
  })
  expect(response.statusCode).toBe(200)
  expect(response.cookies).toHaveLength(0)
  return response.json<{ results: { mfaId: string; user: { id: string } } }>().results
}

const verify = (userId: string, requestId: string, accessCode: string) =>
  call(t, 'POST', '/v1/login/verify', { userId, requestId, accessCode, service: 'sso' })

describe('sign-in with a security code', () => {
  it('sends a code by SMS and answers mfaId without a session', async () => {
    const user = await twoFactorUser()
    const results = await passwordStep(user)
    const phone = user.phone ?? ''
    expect(results).toEqual({
      mfaId: anyString(),
      user: { id: user.id },
      methods: ['sms'],
      destination: `(•••) ••• - ${phone.slice(-4)}`,
    })
    // Only the last four digits leave the server before the sign-in ends.
    expect(JSON.stringify(results)).not.toContain(phone.slice(0, 6))
    const sms = outboxFiles(t).filter((m) => m.to === user.phone)
    expect(sms).toHaveLength(1)
    expect(sms[0]).toMatchObject({
      channel: 'sms',
      id: anyString(),
      createdAt: anyString(),
    })
    expect(sms[0]?.text).toMatch(
      /^Your Gatehouse security code is \d{6}\. It expires in 10 minutes\.$/,
    )
    const [request] = await t.db.select().from(mfaRequests).where(eq(mfaRequests.id, results.mfaId))
    expect(request?.codeHash).not.toContain(latestSmsCode(t, user.phone ?? ''))
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))
    expect(audit.map((row) => row.action)).toContain('login.code_sent')
  })

  it('opens the session when the code from the outbox is verified', async () => {
    const user = await twoFactorUser()
    const { mfaId } = await passwordStep(user)
    const response = await verify(user.id, mfaId, latestSmsCode(t, user.phone ?? ''))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, results: { user: { id: user.id } } })
    const cookie = sessionCookieOf(response)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie })).statusCode).toBe(200)
  })

  it('accepts the code in the login call itself', async () => {
    const user = await twoFactorUser()
    await passwordStep(user)
    const response = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
      code: latestSmsCode(t, user.phone ?? ''),
    })
    expect(response.statusCode).toBe(200)
    sessionCookieOf(response)
  })

  it('refuses a wrong code with 803', async () => {
    const user = await twoFactorUser()
    const { mfaId } = await passwordStep(user)
    const right = latestSmsCode(t, user.phone ?? '')
    const wrong = right === '000000' ? '111111' : '000000'
    const response = await verify(user.id, mfaId, wrong)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      success: false,
      error: { code: 803, message: 'Incorrect Code. Try Again.' },
    })
    // The right code still works after a wrong one.
    expect((await verify(user.id, mfaId, right)).statusCode).toBe(200)
  })

  it('refuses an expired code with 803', async () => {
    const user = await twoFactorUser()
    const { mfaId } = await passwordStep(user)
    await t.db
      .update(mfaRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaRequests.id, mfaId))
    const response = await verify(user.id, mfaId, latestSmsCode(t, user.phone ?? ''))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 803 } })
  })

  it('refuses a code used once already with 803', async () => {
    const user = await twoFactorUser()
    const { mfaId } = await passwordStep(user)
    const code = latestSmsCode(t, user.phone ?? '')
    expect((await verify(user.id, mfaId, code)).statusCode).toBe(200)
    const again = await verify(user.id, mfaId, code)
    expect(again.statusCode).toBe(401)
    expect(again.json()).toMatchObject({ error: { code: 803 } })
  })

  it('refuses the code of an earlier request once a newer one was sent', async () => {
    const user = await twoFactorUser()
    const first = await passwordStep(user)
    const oldCode = latestSmsCode(t, user.phone ?? '')
    await passwordStep(user)
    const response = await verify(user.id, first.mfaId, oldCode)
    expect(response.json()).toMatchObject({ error: { code: 803 } })
  })

  it('refuses a code for another user’s request', async () => {
    const owner = await twoFactorUser()
    const other = await twoFactorUser()
    const { mfaId } = await passwordStep(owner)
    const response = await verify(other.id, mfaId, latestSmsCode(t, owner.phone ?? ''))
    expect(response.json()).toMatchObject({ error: { code: 803 } })
  })

  it('sends a new code on "Resend code" for the same request, and the older one stops working', async () => {
    const user = await twoFactorUser()
    const phone = user.phone ?? ''
    const { mfaId } = await passwordStep(user)
    const first = latestSmsCode(t, phone)
    const resent = await call(t, 'POST', '/v1/login/sms', { userId: user.id, requestId: mfaId })
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toEqual({
      success: true,
      results: { destination: `(•••) ••• - ${phone.slice(-4)}` },
    })
    expect(outboxFiles(t).filter((m) => m.to === phone)).toHaveLength(2)
    const second = latestSmsCode(t, phone)
    if (first !== second) {
      expect((await verify(user.id, mfaId, first)).json()).toMatchObject({ error: { code: 803 } })
    }
    expect((await verify(user.id, mfaId, second)).statusCode).toBe(200)
  })

  it('limits resends: three texts a step, then 422 in the envelope', async () => {
    const user = await twoFactorUser()
    const { mfaId } = await passwordStep(user)
    const resend = () => call(t, 'POST', '/v1/login/sms', { userId: user.id, requestId: mfaId })
    expect((await resend()).statusCode).toBe(200)
    expect((await resend()).statusCode).toBe(200)
    const refused = await resend()
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toEqual({
      success: false,
      error: {
        code: 1001,
        message: 'No more text messages can be sent for this sign-in. Sign in again.',
      },
    })
    expect(outboxFiles(t).filter((m) => m.to === user.phone)).toHaveLength(3)
  })

  it('refuses a resend for another user’s request', async () => {
    const owner = await twoFactorUser()
    const other = await twoFactorUser()
    const { mfaId } = await passwordStep(owner)
    const response = await call(t, 'POST', '/v1/login/sms', { userId: other.id, requestId: mfaId })
    expect(response.statusCode).toBe(422)
    expect(outboxFiles(t).filter((m) => m.to === other.phone)).toHaveLength(0)
  })

  it('audits code failures against the user', async () => {
    const user = await twoFactorUser()
    const { mfaId } = await passwordStep(user)
    await verify(user.id, mfaId, 'abcdef')
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'login.verify', outcome: 'failure', ip: '127.0.0.1' }),
    )
  })
})
