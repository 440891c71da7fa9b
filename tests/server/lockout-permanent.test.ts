import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { users } from '../../server/db/schema/users'
import { ADMIN, call, outboxFiles, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'

// The permanent lock is opt-in (it lets a stranger deny the owner service): here after two
// temporary locks in a row, the third time is for good.
const t = useTestApp({
  LOCKOUT_THRESHOLD: '3',
  LOCKOUT_WAIT_MINUTES: '5',
  LOCKOUT_PERMANENT_AFTER: '2',
  THROTTLE_MAX_FAILURES: '6',
})

const LOCKED =
  'This account has been locked, once an admin unlocks your account you will receive a password reset email.'

let addresses = 0
const freshIp = () => `203.0.113.${++addresses}`

const login = (username: string, password: string, ip = freshIp()) =>
  call(t, 'POST', '/v1/login', { username, password }, { ip })

async function strangerGuesses(email: string) {
  await login(email, 'Wrong#one1')
  await login(email, 'Wrong#two2')
  return login(email, 'Wrong#three3')
}

function later(minutes: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + minutes * 60_000)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('LOCKOUT_PERMANENT_AFTER (opt-in)', () => {
  it('locks for good (802) after that many temporary locks in a row, and tells the owner', async () => {
    const user = await createUser(t)
    expect((await strangerGuesses(user.email)).headers['retry-after']).toBe('300')
    later(5)
    expect((await strangerGuesses(user.email)).headers['retry-after']).toBe('600')
    later(10)
    const third = await strangerGuesses(user.email)
    expect(third.statusCode).toBe(403)
    expect(third.json()).toEqual({ success: false, error: { code: 802, message: LOCKED } })

    later(24 * 60)
    const right = await login(user.email, user.password)
    expect(right.statusCode).toBe(403)
    expect(right.json()).toMatchObject({ error: { code: 802 } })
    const notice = outboxFiles(t).filter((m) => m.to === user.email)
    expect(notice).toHaveLength(1)
    expect(notice[0]).toMatchObject({ subject: 'Your Gatehouse account has been locked' })
    const actions = (
      await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))
    ).map((row) => row.action)
    expect(actions.filter((a) => a.startsWith('account.'))).toEqual([
      'account.locked_temporarily',
      'account.locked_temporarily',
      'account.locked',
    ])
  })

  it('is lifted by POST /v1/user/:id/unlock, which sends the reset link', async () => {
    const user = await createUser(t)
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, user.id))
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
    expect((await login(user.email, user.password)).statusCode).toBe(200)
  })
})
