import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { knownDevices, signInCounters } from '../../server/db/schema/sign-in-guards'
import { users } from '../../server/db/schema/users'
import { call, latestSmsCode, outboxFiles, useSecondProcess, useTestApp } from './helper'
import { createUser, uniquePhone } from './fixtures'

// Three wrong guesses lock for 5 minutes, the second lock in a row for 10. No permanent lock: it
// is opt-in (lockout-permanent.test.ts). The address throttle is high enough to stay out of the
// way, except where a test means to meet it.
const t = useTestApp({
  LOCKOUT_THRESHOLD: '3',
  LOCKOUT_WAIT_MINUTES: '5',
  THROTTLE_MAX_FAILURES: '6',
})
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
/** On PostgreSQL, a second app on the same database stands for a second server process. */
const second = onPostgres ? useSecondProcess(t) : undefined

let addresses = 0
/** Each guess comes from an address of its own unless a test means one address. */
const freshIp = () => `198.51.${100 + (++addresses >> 8)}.${addresses & 255}`

const login = (username: string, password: string, ip: string, cookie?: string) =>
  call(t, 'POST', '/v1/login', { username, password }, { ip, cookie })

/** The `name=value` of the device cookie a sign-in set. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('gatehouse_device'))
  if (!cookie?.value) throw new Error(`No device cookie in ${response.statusCode} ${response.body}`)
  return `${cookie.name}=${cookie.value}`
}

/** Signs `user` in from a browser of their own and answers its device cookie. */
async function ownBrowser(user: { email: string; password: string }) {
  const answer = await login(user.email, user.password, freshIp())
  expect(answer.statusCode).toBe(200)
  return deviceCookieOf(answer)
}

/** Three wrong passwords, each from an address of its own: the last meets LOCKOUT_THRESHOLD. */
async function strangerGuesses(email: string, cookie?: string) {
  for (const guess of ['Wrong#one1', 'Wrong#two2']) {
    expect((await login(email, guess, freshIp(), cookie)).json()).toMatchObject({
      error: { code: 801 },
    })
  }
  return login(email, 'Wrong#three3', freshIp(), cookie)
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

/** How many passwords were actually checked for the account: its failed (not refused) steps. */
const checkedFailures = async (userId: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.outcome, 'failure')))
  ).length

const rowOf = async (userId: string) =>
  (await t.db.select().from(users).where(eq(users.id, userId)))[0]

const counterOf = async (subject: string) =>
  (await t.db.select().from(signInCounters).where(eq(signInCounters.subject, subject)))[0]

describe('a stranger guessing passwords locks the unknown devices only for a while', () => {
  it('answers 823 with Retry-After at LOCKOUT_THRESHOLD, refuses the right password from an unknown browser, then lets it in after the wait', async () => {
    const user = await createUser(t)
    const third = await strangerGuesses(user.email)
    expect(third.statusCode).toBe(429)
    expect(third.headers['retry-after']).toBe('300')
    expect(third.json()).toEqual({
      success: false,
      error: {
        code: 823,
        message: 'Too many failed sign-in attempts for this account. Try again in 5 minutes.',
      },
    })
    // A browser the account never signed in from is refused too, so the lock never confirms a guess.
    const right = await login(user.email, user.password, freshIp())
    expect(right.statusCode).toBe(429)
    expect(right.json()).toMatchObject({ error: { code: 823 } })
    expect(right.cookies).toHaveLength(0)
    // Staff see the lock on the account's row; nothing is mailed for a temporary lock.
    expect((await rowOf(user.id))?.lockedUntil).toBeInstanceOf(Date)
    expect(outboxFiles(t).filter((m) => m.to === user.email)).toHaveLength(0)

    later(5)
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
    expect(await rowOf(user.id)).toMatchObject({ lockedUntil: null, lockedAt: null })
    expect(await counterOf(`user:${user.id}`)).toBeUndefined()
    expect(await auditOf(user.id)).toEqual([
      'login:failure',
      'login:failure',
      'login:failure',
      'account.locked_temporarily:success',
      'login:refused',
      'login:success',
    ])
  })

  it('waits longer at each lock in a row and never locks for good by default', async () => {
    const user = await createUser(t)
    const waits: string[] = []
    for (const minutes of [5, 10, 20, 40]) {
      const locked = await strangerGuesses(user.email)
      expect(locked.statusCode).toBe(429)
      waits.push(String(locked.headers['retry-after']))
      later(minutes)
    }
    expect(waits).toEqual(['300', '600', '1200', '2400'])
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
    expect((await rowOf(user.id))?.lockedAt).toBeNull()
    expect(outboxFiles(t).filter((m) => m.to === user.email)).toHaveLength(0)
  })

  it('ends the run of failures and of locks at a successful sign-in', async () => {
    const user = await createUser(t)
    await login(user.email, 'Wrong#one1', freshIp())
    await login(user.email, 'Wrong#two2', freshIp())
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
    expect(await counterOf(`user:${user.id}`)).toBeUndefined()

    await strangerGuesses(user.email)
    later(5)
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
    // The next lock is a first one again: five minutes, not ten.
    expect((await strangerGuesses(user.email)).headers['retry-after']).toBe('300')
  })

  it('forgets a run after a quiet day', async () => {
    const user = await createUser(t)
    await strangerGuesses(user.email)
    later(5)
    await login(user.email, 'Wrong#one1', freshIp())
    later(24 * 60 + 1)
    // The old run and its lock in a row are gone: three more make a first, five-minute lock.
    expect((await strangerGuesses(user.email)).headers['retry-after']).toBe('300')
  })

  it('counts wrong security codes with wrong passwords', async () => {
    const user = await createUser(t, { phone: uniquePhone(), use2fa: true })
    const ip = freshIp()
    await login(user.email, 'Wrong#one1', freshIp())
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

  it('treats a username with no account the same way', async () => {
    const name = `nobody.${Date.now()}@example.com`
    const third = await strangerGuesses(name)
    expect(third.statusCode).toBe(429)
    expect(third.headers['retry-after']).toBe('300')
    expect(third.json()).toMatchObject({
      error: { code: 823, message: /for this account\. Try again in 5 minutes\.$/ },
    })
  })
})

describe('known devices', () => {
  it('let the owner in at once while a stranger has the unknown devices locked', async () => {
    const user = await createUser(t)
    const cookie = await ownBrowser(user)
    expect((await strangerGuesses(user.email)).statusCode).toBe(429)
    const owner = await login(user.email, user.password, freshIp(), cookie)
    expect(owner.statusCode).toBe(200)
    // The lock on unknown devices stays: the stranger is still refused.
    expect((await login(user.email, 'Wrong#four4', freshIp())).statusCode).toBe(429)
    expect((await rowOf(user.id))?.lockedUntil).toBeInstanceOf(Date)
    // The owner's success was audited as from a known device.
    const successes = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'login')))
      .orderBy(auditLog.at)
    expect(successes.filter((row) => row.outcome === 'success').map((row) => row.detail)).toEqual([
      expect.objectContaining({ device: 'new' }),
      expect.objectContaining({ device: 'known' }),
    ])
  })

  it('count their own wrong guesses: the device locks alone', async () => {
    const user = await createUser(t)
    const cookie = await ownBrowser(user)
    const third = await strangerGuesses(user.email, cookie)
    expect(third.statusCode).toBe(429)
    expect((await login(user.email, user.password, freshIp(), cookie)).statusCode).toBe(429)
    // Other browsers are untouched: the unknown devices' count is still empty.
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
    const [device] = await t.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id))
    expect(await counterOf(`device:${device!.id}`)).toMatchObject({ lockoutCount: 1 })
  })

  it('are not made by a cookie of another account, a forged one, or a device that was forgotten', async () => {
    const owner = await createUser(t)
    const other = await createUser(t)
    const otherCookie = await ownBrowser(other)
    const ownerCookie = await ownBrowser(owner)
    const [name, value] = ownerCookie.split('=') as [string, string]
    const forged = `${name}=${value.slice(0, -4)}AAAA`
    await strangerGuesses(owner.email)
    for (const cookie of [otherCookie, forged]) {
      expect((await login(owner.email, owner.password, freshIp(), cookie)).statusCode).toBe(429)
    }
    await t.db.delete(knownDevices).where(eq(knownDevices.userId, owner.id))
    expect((await login(owner.email, owner.password, freshIp(), ownerCookie)).statusCode).toBe(429)
  })

  it('keep the entries of several accounts in one browser', async () => {
    const first = await createUser(t)
    const secondUser = await createUser(t)
    const one = deviceCookieOf(await login(first.email, first.password, freshIp()))
    const both = deviceCookieOf(await login(secondUser.email, secondUser.password, freshIp(), one))
    await strangerGuesses(first.email)
    await strangerGuesses(secondUser.email)
    expect((await login(first.email, first.password, freshIp(), both)).statusCode).toBe(200)
    expect((await login(secondUser.email, secondUser.password, freshIp(), both)).statusCode).toBe(
      200,
    )
  })

  it('are cleared of their locks by an unlock, with the unknown devices', async () => {
    const user = await createUser(t)
    const cookie = await ownBrowser(user)
    await strangerGuesses(user.email, cookie)
    await strangerGuesses(user.email)
    const { unlockAccount } = await import('../../server/use-cases/unlock')
    const ctx = {
      db: t.db,
      config: t.config,
      outbox: t.app.outbox,
      client: { ip: '127.0.0.1', userAgent: 'test' },
    }
    expect((await unlockAccount(ctx, user.id, null)).unlocked).toBe(true)
    expect((await login(user.email, user.password, freshIp(), cookie)).statusCode).toBe(200)
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
  })

  it('set a device cookie that is HttpOnly, SameSite=Strict and long-lived', async () => {
    const user = await createUser(t)
    const answer = await login(user.email, user.password, freshIp())
    const device = answer.cookies.find((c) => c.name === 'gatehouse_device')
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    expect(device?.maxAge).toBe(180 * 24 * 3600)
    // It names no account.
    expect(device?.value).not.toContain(user.id)
  })
})

describe('a burst cannot outrun the count', () => {
  /** Sends every guess at once, half of them through the second process on PostgreSQL. */
  const burst = (email: string, count: number, ip: (i: number) => string) =>
    Promise.all(
      Array.from({ length: count }, (_, i) => {
        const app = second && i % 2 ? second.app : t.app
        return app.inject({
          method: 'POST',
          url: '/v1/login',
          remoteAddress: ip(i),
          payload: { username: email, password: `Wrong#burst${i}` },
        })
      }),
    )

  it('checks at most LOCKOUT_THRESHOLD of 60 parallel guesses from 60 addresses, and the owner signs in at once from a known browser', async () => {
    const user = await createUser(t)
    const cookie = await ownBrowser(user)
    const answers = await burst(user.email, 60, () => freshIp())
    const codes = answers.map((a) => a.json<{ error: { code: number } }>().error.code)
    expect(codes.filter((c) => c === 801).length).toBeLessThanOrEqual(3)
    expect(codes.filter((c) => c === 802)).toHaveLength(0)
    expect(codes.every((c) => c === 801 || c === 823)).toBe(true)
    expect(await checkedFailures(user.id)).toBeLessThanOrEqual(3)
    expect((await login(user.email, user.password, freshIp(), cookie)).statusCode).toBe(200)
    expect((await rowOf(user.id))?.lockedAt).toBeNull()
  })

  it('checks at most THROTTLE_MAX_FAILURES of a parallel burst from one address', async () => {
    const ip = freshIp()
    const names = Array.from({ length: 30 }, (_, i) => `spray${i}.${Date.now()}@example.com`)
    const answers = await Promise.all(names.map((name) => login(name, 'Wrong#spray1', ip)))
    const checked = answers.filter((a) => a.statusCode === 401)
    expect(checked.length).toBeLessThanOrEqual(6)
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30 - checked.length)
    expect(answers[answers.length - 1]?.json()).toMatchObject({
      error: { message: /from this address/ },
    })
  })

  it('gives a guess back when the password was right, so the owner does not use up an address', async () => {
    const user = await createUser(t)
    const ip = freshIp()
    for (let n = 0; n < 8; n++)
      expect((await login(user.email, user.password, ip)).statusCode).toBe(200)
  })

  it('starts a new count when guesses were lost with a stopped process', async () => {
    const user = await createUser(t)
    // Three checks began and never came back: the counter is full with no lock.
    await t.db.insert(signInCounters).values({
      subject: `user:${user.id}`,
      failedAttempts: 3,
      lastAttemptAt: new Date(),
    })
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(429)
    later(2)
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200)
  })
})
