import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { users } from '../../server/db/schema/users'
import { failSignIn } from '../../server/use-cases/failed-sign-in'
import { AuditAction, recordAudit } from '../../server/repos/audit'
import { ADMIN, call, latestSmsCode, outboxFiles, signIn, useTestApp } from './helper'
import { createUser, uniquePhone } from './fixtures'

// Three failures lock for 5 minutes, the second lock in a row for 10, and after two temporary
// locks the third time is permanent. The address throttle is set high enough to stay out of the
// way, except where a test means to meet it.
const t = useTestApp({
  LOCKOUT_THRESHOLD: '3',
  LOCKOUT_WAIT_MINUTES: '5',
  LOCKOUT_PERMANENT_AFTER: '2',
  THROTTLE_MAX_FAILURES: '6',
})

const LOCKED =
  'This account has been locked, once an admin unlocks your account you will receive a password reset email.'

let addresses = 0
/** Each test guesses from its own address, so the address throttle of one does not reach another. */
const freshIp = () => `203.0.113.${++addresses}`

const login = (username: string, password: string, ip: string) =>
  call(t, 'POST', '/v1/login', { username, password }, { ip })

/** Three wrong passwords from `ip`: the last one meets LOCKOUT_THRESHOLD. */
async function strangerGuesses(email: string, ip: string) {
  expect((await login(email, 'Wrong#one1', ip)).json()).toMatchObject({ error: { code: 801 } })
  expect((await login(email, 'Wrong#two2', ip)).json()).toMatchObject({ error: { code: 801 } })
  return login(email, 'Wrong#three3', ip)
}

/** A fake clock (only Date; timers keep running) moved on by `minutes`. */
function later(minutes: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + minutes * 60_000)
}

afterEach(() => {
  vi.useRealTimers()
})

const auditOf = async (userId: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, userId))).map(
    (row) => `${row.action}:${row.outcome}`,
  )

const rowOf = async (userId: string) =>
  (await t.db.select().from(users).where(eq(users.id, userId)))[0]

describe('a stranger guessing passwords locks the account only for a while', () => {
  it('answers 823 with Retry-After at LOCKOUT_THRESHOLD, refuses the right password, then lets it in after the wait', async () => {
    const user = await createUser(t)
    const ip = freshIp()
    const third = await strangerGuesses(user.email, ip)
    expect(third.statusCode).toBe(429)
    expect(third.headers['retry-after']).toBe('300')
    expect(third.json()).toEqual({
      success: false,
      error: {
        code: 823,
        message: 'Too many failed sign-in attempts for this account. Try again in 5 minutes.',
      },
    })
    // The owner, from another address, is refused too, so the lock never confirms a guess.
    const right = await login(user.email, user.password, freshIp())
    expect(right.statusCode).toBe(429)
    expect(right.json()).toMatchObject({ error: { code: 823 } })
    expect(right.cookies).toHaveLength(0)
    // Nothing is sent for a temporary lock, and the password reset still works for the owner.
    expect(outboxFiles(t).filter((m) => m.to === user.email)).toHaveLength(0)

    later(5)
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
    expect(await rowOf(user.id)).toMatchObject({
      failedAttempts: 0,
      lockoutCount: 0,
      lockedUntil: null,
      lockedAt: null,
    })
    expect(await auditOf(user.id)).toEqual([
      'login:failure',
      'login:failure',
      'login:failure',
      'account.locked_temporarily:success',
      'login:refused',
      'login:success',
    ])
  })

  it('waits longer at each lock in a row, and only then locks for good (802) and tells the owner', async () => {
    const user = await createUser(t)
    const first = await strangerGuesses(user.email, freshIp())
    expect(first.headers['retry-after']).toBe('300')
    later(5)
    const second = await strangerGuesses(user.email, freshIp())
    expect(second.statusCode).toBe(429)
    expect(second.headers['retry-after']).toBe('600')
    expect(second.json()).toMatchObject({ error: { message: /Try again in 10 minutes\.$/ } })
    later(10)
    const third = await strangerGuesses(user.email, freshIp())
    expect(third.statusCode).toBe(403)
    expect(third.json()).toEqual({ success: false, error: { code: 802, message: LOCKED } })

    later(24 * 60)
    const right = await login(user.email, user.password, freshIp())
    expect(right.statusCode).toBe(403)
    expect(right.json()).toMatchObject({ error: { code: 802 } })
    const notice = outboxFiles(t).filter((m) => m.to === user.email)
    expect(notice).toHaveLength(1)
    expect(notice[0]).toMatchObject({ subject: 'Your Gatehouse account has been locked' })
    expect((await auditOf(user.id)).filter((a) => a.startsWith('account.'))).toEqual([
      'account.locked_temporarily:success',
      'account.locked_temporarily:success',
      'account.locked:success',
    ])
  })

  it('lifts the permanent lock through POST /v1/user/:id/unlock, which sends the reset link', async () => {
    const user = await createUser(t)
    await t.db
      .update(users)
      .set({ lockedAt: new Date(), lockoutCount: 2, failedAttempts: 3 })
      .where(eq(users.id, user.id))
    // A reset request for a permanently locked account sends nothing…
    await call(t, 'POST', `/v1/passwordReset/${user.email}`, undefined, { ip: freshIp() })
    expect(outboxFiles(t).filter((m) => m.to === user.email)).toHaveLength(0)
    // …the unlock does.
    const cookie = await signIn(t, ADMIN.email, ADMIN.password, freshIp())
    const unlocked = await call(t, 'POST', `/v1/user/${user.id}/unlock`, undefined, { cookie })
    expect(unlocked.json()).toMatchObject({ success: true, results: { unlocked: true } })
    expect(
      outboxFiles(t)
        .filter((m) => m.to === user.email)
        .at(-1)?.text,
    ).toMatch(/\/passwordReset\/[A-Za-z0-9_-]+/)
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
  })

  it('ends the run of failures and of locks at a successful sign-in', async () => {
    const user = await createUser(t)
    const ip = freshIp()
    await login(user.email, 'Wrong#one1', ip)
    await login(user.email, 'Wrong#two2', ip)
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200)
    expect(await rowOf(user.id)).toMatchObject({ failedAttempts: 0 })

    await strangerGuesses(user.email, freshIp())
    later(5)
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
    // The next lock is a first one again: five minutes, not ten.
    expect((await strangerGuesses(user.email, freshIp())).headers['retry-after']).toBe('300')
  })

  it('counts wrong security codes with wrong passwords', async () => {
    const user = await createUser(t, { phone: uniquePhone(), use2fa: true })
    const ip = freshIp()
    await login(user.email, 'Wrong#one1', ip)
    const step = await login(user.email, user.password, ip)
    const { mfaId } = step.json<{ results: { mfaId: string } }>().results
    const right = latestSmsCode(t, user.phone ?? '')
    const wrong = right === '999999' ? '888888' : '999999'
    const verify = (code: string) =>
      call(
        t,
        'POST',
        '/v1/login/verify',
        { userId: user.id, requestId: mfaId, accessCode: code, service: 'sso' },
        { ip },
      )
    expect((await verify(wrong)).json()).toMatchObject({ error: { code: 803 } })
    const locked = await verify(wrong)
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toMatchObject({ error: { code: 823 } })
    expect((await verify(right)).json()).toMatchObject({ error: { code: 823 } })
  })
})

describe('failures from a throttled address', () => {
  it('are refused with 823 and add nothing to the account', async () => {
    const user = await createUser(t)
    const ip = freshIp()
    // The address spends its allowance on usernames that do not exist.
    for (let n = 0; n < 6; n++) await login(`nobody${n}@example.com`, 'Wrong#one1', ip)
    const refused = await login(user.email, 'Wrong#one1', ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: { message: /from this address/ } })
    expect(await rowOf(user.id)).toMatchObject({ failedAttempts: 0 })
  })

  it('are not counted when the address reached the limit while the request was running', async () => {
    const user = await createUser(t)
    const ip = freshIp()
    const client = { ip, userAgent: 'test' }
    // Six failures recorded by parallel requests after this one passed the throttle check.
    for (let n = 0; n < 6; n++) {
      await recordAudit(t.db, client, { action: AuditAction.signIn, outcome: 'failure' })
    }
    const ctx = { db: t.db, config: t.config, outbox: t.app.outbox, client }
    const answer = await failSignIn(ctx, user, AuditAction.signIn, 801)
    expect(answer.code).toBe(801)
    expect(await rowOf(user.id)).toMatchObject({ failedAttempts: 0 })

    const elsewhere = { ...ctx, client: { ip: freshIp(), userAgent: 'test' } }
    await failSignIn(elsewhere, user, AuditAction.signIn, 801)
    expect(await rowOf(user.id)).toMatchObject({ failedAttempts: 1 })
  })
})
