import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { sessions } from '../../server/db/schema/sessions'
import { call, outboxFiles, useTestApp } from './helper'
import { createUser, uniquePhone } from './fixtures'

// Three wrong re-checks end a session; the address throttle stays out of the way.
const t = useTestApp({ LOCKOUT_THRESHOLD: '3', THROTTLE_MAX_FAILURES: '100' })

const SIGNED_OUT = 'Too many wrong passwords: you have been signed out. Sign in again.'

let addresses = 0
const freshIp = () => `192.0.2.${++addresses}`

type Owner = Awaited<ReturnType<typeof createUser>>

/** A browser signed in as `user`: its cookies (session and device) and its address. */
async function browser(user: Owner) {
  const ip = freshIp()
  const answer = await call(
    t,
    'POST',
    '/v1/login',
    { username: user.email, password: user.password },
    { ip },
  )
  expect(answer.statusCode).toBe(200)
  const cookie = answer.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  return { ip, cookie }
}

type Recheck = (
  user: Owner,
  at: { ip: string; cookie: string },
  password: string,
) => Promise<LightMyRequestResponse>

/** Every change that asks for the password again, as the console sends it. */
const rechecks: Record<string, Recheck> = {
  phone: (user, at, password) =>
    call(t, 'PUT', `/v1/user/${user.id}/phone`, { phone: uniquePhone(), password }, at),
  'two-factor switch': (user, at, password) =>
    call(t, 'PUT', `/v1/user/${user.id}/mfa`, { use2FA: false, password }, at),
  email: (user, at, password) =>
    call(t, 'PUT', `/v1/user/${user.id}/email`, { email: `moved.${user.email}`, password }, at),
  password: (user, at, password) =>
    call(
      t,
      'PUT',
      `/v1/user/${user.id}/password`,
      { oldPassword: password, password: 'Brand#New2027pw' },
      at,
    ),
  'passkey registration': (_user, at, password) =>
    call(t, 'POST', '/v1/passkeys/registration/options', { password }, at),
}

const sessionsOf = async (userId: string) =>
  t.db.select().from(sessions).where(eq(sessions.userId, userId))

describe.each(Object.entries(rechecks))('the password re-check of the %s', (_name, recheck) => {
  it('is counted: LOCKOUT_THRESHOLD wrong ones end the session and tell the owner', async () => {
    const user = await createUser(t, { phone: uniquePhone() })
    const at = await browser(user)
    for (const guess of ['Wrong#one1aa', 'Wrong#two2aa']) {
      const wrong = await recheck(user, at, guess)
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json()).toMatchObject({ error: { code: 805 } })
    }
    const last = await recheck(user, at, 'Wrong#three3a')
    expect(last.statusCode).toBe(401)
    expect(last.json()).toEqual({ success: false, error: { code: 401, message: SIGNED_OUT } })

    expect(await sessionsOf(user.id)).toHaveLength(0)
    expect((await call(t, 'GET', '/v1/self', undefined, at)).statusCode).toBe(401)
    // The right password no longer helps the borrowed session: it is gone.
    expect((await recheck(user, at, user.password)).statusCode).toBe(401)
    const mail = outboxFiles(t).filter((m) => m.to === user.email)
    expect(mail).toEqual([
      expect.objectContaining({ subject: 'A Gatehouse session of yours was signed out' }),
    ])
    expect(mail[0]?.text).toContain(at.ip)
    const [ended] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'session.revoked')))
    expect(ended?.detail).toMatchObject({ reason: 'wrong passwords' })
  })

  it('answers 823 with the wait while this browser is locked', async () => {
    const user = await createUser(t, { phone: uniquePhone() })
    const at = await browser(user)
    // Wrong passwords at the sign-in of this same browser count against the same device.
    for (const guess of ['Wrong#one1aa', 'Wrong#two2aa', 'Wrong#three3a']) {
      await call(t, 'POST', '/v1/login', { username: user.email, password: guess }, at)
    }
    const refused = await recheck(user, at, user.password)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('300')
    expect(refused.json()).toMatchObject({
      error: {
        code: 823,
        message: 'Too many failed sign-in attempts for this account. Try again in 5 minutes.',
      },
    })
  })
})

describe('password re-checks', () => {
  it('count with the sign-ins of the same browser, and lock only that browser', async () => {
    const user = await createUser(t)
    const at = await browser(user)
    const other = await browser(user)
    await rechecks.phone!(user, at, 'Wrong#one1aa')
    await rechecks.phone!(user, at, 'Wrong#two2aa')
    const third = await call(
      t,
      'POST',
      '/v1/login',
      { username: user.email, password: 'Wrong#three3a' },
      at,
    )
    expect(third.statusCode).toBe(429)
    // The other browser, and browsers the account never used, are not locked.
    expect((await rechecks.phone!(user, other, user.password)).statusCode).toBe(200)
    const fresh = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    expect(fresh.statusCode).toBe(200)
  })

  it('start again after a right one', async () => {
    const user = await createUser(t, { phone: uniquePhone() })
    const at = await browser(user)
    await rechecks.phone!(user, at, 'Wrong#one1aa')
    await rechecks.phone!(user, at, 'Wrong#two2aa')
    expect((await rechecks.phone!(user, at, user.password)).statusCode).toBe(200)
    await rechecks.phone!(user, at, 'Wrong#one1aa')
    await rechecks.phone!(user, at, 'Wrong#two2aa')
    expect(await sessionsOf(user.id)).toHaveLength(1)
  })

  it('from a browser without a device cookie count against the unknown devices', async () => {
    const user = await createUser(t)
    const at = await browser(user)
    const sessionOnly = { ip: at.ip, cookie: at.cookie.split('; ')[0]! }
    expect(sessionOnly.cookie).toMatch(/^gatehouse_session=/)
    await rechecks.phone!(user, sessionOnly, 'Wrong#one1aa')
    await rechecks.phone!(user, sessionOnly, 'Wrong#two2aa')
    await rechecks.phone!(user, sessionOnly, 'Wrong#three3a')
    const stranger = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    expect(stranger.statusCode).toBe(429)
  })

  it('cannot be outrun by a parallel burst from one session', async () => {
    const user = await createUser(t, { phone: uniquePhone() })
    const at = await browser(user)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => rechecks.phone!(user, at, `Wrong#burst${i}a`)),
    )
    const checked = answers.filter((a) => a.json<{ error: { code: number } }>().error.code === 805)
    expect(checked.length).toBeLessThanOrEqual(2)
    expect(await sessionsOf(user.id)).toHaveLength(0)
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.outcome, 'failure')))
    expect(failures.length).toBeLessThanOrEqual(3)
  })
})
