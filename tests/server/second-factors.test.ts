import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { authenticators } from '../../server/db/schema/factors'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { totpCodeAt } from '../../server/domain/totp'
import { rotateFactorKey } from '../../server/use-cases/factor-secrets'
import {
  ADMIN,
  call,
  latestSmsCode,
  outboxFiles,
  sessionCookieOf,
  signIn,
  useTestApp,
} from './helper'
import { anyString, createUser, uniquePhone } from './fixtures'

const t = useTestApp({ LOCKOUT_THRESHOLD: '3', THROTTLE_MAX_FAILURES: '200' })

let addresses = 0
const freshIp = () => `100.64.0.${++addresses}`

type Owner = Awaited<ReturnType<typeof createUser>>
interface Enrolled {
  user: Owner
  cookie: string
  secret: string
  recoveryCodes: string[]
}

const results = <T>(response: LightMyRequestResponse) => response.json<{ results: T }>().results

/** The code an authenticator app shows `steps` time steps from now. */
const codeOf = (secret: string, steps = 0) =>
  totpCodeAt(secret, new Date(Date.now() + steps * 30_000))

afterEach(() => {
  vi.useRealTimers()
})

/** Sets up an authenticator app on the Profile, as the console does, reading the secret it shows. */
async function enrolled(
  fields: { phone?: string; use2fa?: boolean; type?: 'INTERNAL' | 'EXTERNAL' } = {},
): Promise<Enrolled> {
  const user = await createUser(t, { phone: fields.phone, type: fields.type })
  const cookie = await signIn(t, user.email, user.password, freshIp())
  const setup = await call(
    t,
    'POST',
    '/v1/factors/authenticator',
    { password: user.password },
    { cookie },
  )
  expect(setup.statusCode).toBe(200)
  const { setupId, secret, uri } = results<{ setupId: string; secret: string; uri: string }>(setup)
  expect(uri).toMatch(/^otpauth:\/\/totp\/Gatehouse:/)
  expect(uri).toContain(`secret=${secret}`)
  expect(uri).toContain('issuer=Gatehouse')
  const confirmed = await call(
    t,
    'POST',
    '/v1/factors/authenticator/confirm',
    { setupId, code: codeOf(secret) },
    { cookie },
  )
  expect(confirmed.statusCode).toBe(200)
  const { recoveryCodes } = results<{ recoveryCodes: string[] }>(confirmed)
  if (fields.use2fa) await t.db.update(users).set({ use2fa: true }).where(eq(users.id, user.id))
  return { user: { ...user, use2fa: fields.use2fa ?? false }, cookie, secret, recoveryCodes }
}

const login = (user: { email: string; password: string }, ip = freshIp()) =>
  call(t, 'POST', '/v1/login', { username: user.email, password: user.password }, { ip })

const verify = (
  userId: string,
  requestId: string,
  accessCode: string,
  method?: 'totp' | 'sms' | 'recovery',
  ip = freshIp(),
) =>
  call(
    t,
    'POST',
    '/v1/login/verify',
    { userId, requestId, accessCode, service: 'sso', ...(method ? { method } : {}) },
    { ip },
  )

async function passwordStep(user: Owner) {
  const first = await login(user)
  expect(first.statusCode).toBe(200)
  return results<{ mfaId: string; user: { id: string }; methods: string[] }>(first)
}

describe('an authenticator app on the Profile', () => {
  it('is set up with the password again, a QR code URI and a first valid code, and gives ten recovery codes once', async () => {
    const { user, cookie, recoveryCodes } = await enrolled()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/)
    const own = results<Record<string, unknown>>(
      await call(t, 'GET', '/v1/factors', undefined, { cookie }),
    )
    expect(own).toMatchObject({
      authenticator: { enrolledAt: anyString() },
      sms: false,
      recoveryCodesLeft: 10,
    })
    // The secret is never answered again, nor stored in the clear.
    expect(JSON.stringify(own)).not.toContain('secret')
    const [row] = await t.db.select().from(authenticators).where(eq(authenticators.userId, user.id))
    expect(row?.secret).toMatch(/^v1\./)
    const self = results<{ user: { authenticator: boolean } }>(
      await call(t, 'GET', '/v1/self', undefined, { cookie }),
    )
    expect(self.user.authenticator).toBe(true)
    expect(
      outboxFiles(t)
        .filter((m) => m.to === user.email)
        .map((m) => m.subject),
    ).toContain('An authenticator app was added to your Gatehouse account')
  })

  it('refuses a setup with a wrong password (805), and a confirmation with a wrong code (803)', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password, freshIp())
    const wrong = await call(
      t,
      'POST',
      '/v1/factors/authenticator',
      { password: 'Wrong#pass1' },
      { cookie },
    )
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ error: { code: 805 } })
    const setup = results<{ setupId: string; secret: string }>(
      await call(t, 'POST', '/v1/factors/authenticator', { password: user.password }, { cookie }),
    )
    const bad = await call(
      t,
      'POST',
      '/v1/factors/authenticator/confirm',
      { setupId: setup.setupId, code: codeOf(setup.secret, 5) },
      { cookie },
    )
    expect(bad.statusCode).toBe(401)
    expect(bad.json()).toMatchObject({ error: { code: 803 } })
    const own = results<{ authenticator: unknown }>(
      await call(t, 'GET', '/v1/factors', undefined, { cookie }),
    )
    expect(own.authenticator).toBeNull()
  })

  it('answers bad input with 400 in the envelope', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password, freshIp())
    for (const body of [
      {},
      { setupId: 'nope', code: '123456' },
      { setupId: user.id, code: '12345a' },
    ]) {
      const answer = await call(t, 'POST', '/v1/factors/authenticator/confirm', body, { cookie })
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ success: false, error: { code: 1001 } })
    }
    expect((await call(t, 'GET', '/v1/factors')).statusCode).toBe(401)
  })
})

describe('signing in with an authenticator app', () => {
  it('asks for its code after the password, sends no text message, and opens a session with amr otp', async () => {
    const { user, secret } = await enrolled({ phone: uniquePhone(), use2fa: true })
    const before = outboxFiles(t).filter((m) => m.channel === 'sms').length
    const step = await passwordStep(user)
    expect(step.methods).toEqual(['totp', 'sms', 'recovery'])
    expect(outboxFiles(t).filter((m) => m.channel === 'sms')).toHaveLength(before)
    // The enrolment used this step's code: the next one is the app's next.
    const answer = await verify(user.id, step.mfaId, codeOf(secret, 1))
    expect(answer.statusCode).toBe(200)
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt)
      .limit(1)
      .offset(1)
    expect(session?.amr).toEqual(['pwd', 'otp', 'mfa'])
  })

  it('accepts one step of clock drift either way, not two', async () => {
    const { user, secret } = await enrolled()
    // Five steps after the enrolment, so that no code here is older than the one it used.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 5 * 30_000)
    for (const [steps, status] of [
      [-2, 401],
      [2, 401],
      [-1, 200],
      [1, 200],
    ] as const) {
      const step = await passwordStep(user)
      const answer = await verify(user.id, step.mfaId, codeOf(secret, steps))
      expect(answer.statusCode, `${steps}: ${answer.body}`).toBe(status)
    }
  })

  it('accepts a code once: replayed, even in a new sign-in, it is refused', async () => {
    const { user, secret } = await enrolled()
    const code = codeOf(secret, 1)
    const first = await passwordStep(user)
    expect((await verify(user.id, first.mfaId, code)).statusCode).toBe(200)
    const second = await passwordStep(user)
    const replay = await verify(user.id, second.mfaId, code)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ error: { code: 803 } })
    // Nor the code of an earlier step, which would still be inside the drift window.
    expect((await verify(user.id, second.mfaId, codeOf(secret, 0))).statusCode).toBe(401)
  })

  it('counts wrong codes toward the same lock as wrong passwords', async () => {
    const { user, secret } = await enrolled()
    const ip = freshIp()
    await call(t, 'POST', '/v1/login', { username: user.email, password: 'Wrong#pass1' }, { ip })
    const step = await passwordStep(user)
    expect((await verify(user.id, step.mfaId, codeOf(secret, 5), 'totp', ip)).statusCode).toBe(401)
    const locked = await verify(user.id, step.mfaId, codeOf(secret, 6), 'totp', ip)
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toMatchObject({ error: { code: 823 } })
    expect((await verify(user.id, step.mfaId, codeOf(secret), 'totp', ip)).statusCode).toBe(429)
  })

  it('sends a text message only when asked ("Use another method")', async () => {
    const phone = uniquePhone()
    const { user } = await enrolled({ phone, use2fa: true })
    const step = await passwordStep(user)
    const sent = await call(t, 'POST', '/v1/login/sms', { userId: user.id, requestId: step.mfaId })
    expect(sent.statusCode).toBe(200)
    const code = latestSmsCode(t, phone)
    expect((await verify(user.id, step.mfaId, code, 'sms')).statusCode).toBe(200)
  })

  it('signs in with a recovery code once, tells the owner, and counts it down', async () => {
    const { user, cookie, recoveryCodes } = await enrolled()
    const [code] = recoveryCodes
    const step = await passwordStep(user)
    // Typed in lower case without the dash, it is the same code.
    const typed = code!.toLowerCase().replace('-', '')
    expect((await verify(user.id, step.mfaId, typed, 'recovery')).statusCode).toBe(200)
    const again = await passwordStep(user)
    expect((await verify(user.id, again.mfaId, code!, 'recovery')).statusCode).toBe(401)
    const own = results<{ recoveryCodesLeft: number }>(
      await call(t, 'GET', '/v1/factors', undefined, { cookie }),
    )
    expect(own.recoveryCodesLeft).toBe(9)
    const mail = outboxFiles(t)
      .filter((m) => m.to === user.email)
      .at(-1)
    expect(mail?.subject).toBe('A recovery code was used to sign in to your Gatehouse account')
    expect(mail?.text).toContain('9 codes are left')
    const used = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'user.recovery_code_used')),
      )
    expect(used).toHaveLength(1)
  })

  it('regenerates recovery codes with the password: the old ones stop working', async () => {
    const { user, cookie, recoveryCodes } = await enrolled()
    const fresh = results<{ recoveryCodes: string[] }>(
      await call(t, 'POST', '/v1/factors/recovery-codes', { password: user.password }, { cookie }),
    ).recoveryCodes
    expect(fresh).toHaveLength(10)
    const step = await passwordStep(user)
    expect((await verify(user.id, step.mfaId, recoveryCodes[0]!, 'recovery')).statusCode).toBe(401)
    const next = await passwordStep(user)
    expect((await verify(user.id, next.mfaId, fresh[0]!, 'recovery')).statusCode).toBe(200)
  })

  it('is removed with the password, and its recovery codes with it', async () => {
    const { user, cookie } = await enrolled()
    const removed = await call(
      t,
      'POST',
      '/v1/factors/authenticator/remove',
      { password: user.password },
      { cookie },
    )
    expect(removed.statusCode).toBe(200)
    const own = results<{ authenticator: unknown; recoveryCodesLeft: number }>(
      await call(t, 'GET', '/v1/factors', undefined, { cookie }),
    )
    expect(own).toMatchObject({ authenticator: null, recoveryCodesLeft: 0 })
    expect((await login(user)).json()).not.toHaveProperty('results.mfaId')
  })

  it('still verifies after the factor key is rotated', async () => {
    const { user, secret } = await enrolled()
    const resealed = await rotateFactorKey(t.db, { ip: 'local', userAgent: 'test' })
    expect(resealed).toBeGreaterThan(0)
    const step = await passwordStep(user)
    expect((await verify(user.id, step.mfaId, codeOf(secret, 1))).statusCode).toBe(200)
  })
})

describe('the second-factor policy', () => {
  const setPolicy = async (type: 'INTERNAL' | 'EXTERNAL', mode: string, graceDays: number) => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password, freshIp())
    const answer = await call(
      t,
      'PUT',
      `/v1/mfa-policy/${type}`,
      { mode, graceDays },
      { cookie: admin },
    )
    expect(answer.statusCode).toBe(200)
    return answer
  }

  it('leads a user without a factor through enrolment before any session, once the grace is over', async () => {
    await setPolicy('EXTERNAL', 'required', 0)
    try {
      const user = await createUser(t, { type: 'EXTERNAL' })
      const first = await login(user)
      const step = results<{ mfaId: string; enrolment?: boolean }>(first)
      expect(step.enrolment).toBe(true)
      expect(first.cookies.find((c) => c.name === 'gatehouse_session')).toBeUndefined()
      const setup = results<{ setupId: string; secret: string }>(
        await call(t, 'POST', '/v1/login/enrolment', { userId: user.id, requestId: step.mfaId }),
      )
      const done = await call(t, 'POST', '/v1/login/enrolment/confirm', {
        userId: user.id,
        requestId: step.mfaId,
        setupId: setup.setupId,
        code: codeOf(setup.secret),
      })
      expect(done.statusCode).toBe(200)
      expect(results<{ recoveryCodes: string[] }>(done).recoveryCodes).toHaveLength(10)
      const self = await call(t, 'GET', '/v1/self', undefined, { cookie: sessionCookieOf(done) })
      expect(self.json()).toMatchObject({
        results: { user: { authenticator: true, mfaGraceUntil: null } },
      })
      // The ticket was used up.
      const again = await call(t, 'POST', '/v1/login/enrolment', {
        userId: user.id,
        requestId: step.mfaId,
      })
      expect(again.statusCode).toBe(401)
    } finally {
      await setPolicy('EXTERNAL', 'optional', 7)
    }
  })

  it('lets a user without a factor in during the grace, warned by mfaGraceUntil', async () => {
    await setPolicy('EXTERNAL', 'required', 7)
    try {
      const user = await createUser(t, { type: 'EXTERNAL' })
      const answer = await login(user)
      expect(answer.statusCode).toBe(200)
      const self = await call(t, 'GET', '/v1/self', undefined, { cookie: sessionCookieOf(answer) })
      const grace = results<{ user: { mfaGraceUntil: string } }>(self).user.mfaGraceUntil
      expect(Date.parse(grace) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000)
    } finally {
      await setPolicy('EXTERNAL', 'optional', 7)
    }
  })

  it("refuses new authenticator apps while the type's policy is off", async () => {
    await setPolicy('EXTERNAL', 'off', 0)
    try {
      const user = await createUser(t, { type: 'EXTERNAL' })
      const cookie = await signIn(t, user.email, user.password, freshIp())
      const setup = await call(
        t,
        'POST',
        '/v1/factors/authenticator',
        { password: user.password },
        { cookie },
      )
      expect(setup.statusCode).toBe(422)
      expect(setup.json()).toMatchObject({ error: { message: /turned off/ } })
    } finally {
      await setPolicy('EXTERNAL', 'optional', 7)
    }
  })

  it('refuses removing the only factor while one is required', async () => {
    const { user, cookie } = await enrolled({ type: 'EXTERNAL' })
    await setPolicy('EXTERNAL', 'required', 0)
    try {
      const answer = await call(
        t,
        'POST',
        '/v1/factors/authenticator/remove',
        { password: user.password },
        { cookie },
      )
      expect(answer.statusCode).toBe(422)
    } finally {
      await setPolicy('EXTERNAL', 'optional', 7)
    }
  })

  it('is read with users.read, set with users.write, audited, and validated', async () => {
    const reader = await createUser(t, { permissions: ['users.read'] })
    const cookie = await signIn(t, reader.email, reader.password, freshIp())
    const list = await call(t, 'GET', '/v1/mfa-policy', undefined, { cookie })
    expect(results<{ policies: unknown[] }>(list).policies).toHaveLength(2)
    expect(
      (await call(t, 'PUT', '/v1/mfa-policy/INTERNAL', { mode: 'off', graceDays: 0 }, { cookie }))
        .statusCode,
    ).toBe(403)
    const admin = await signIn(t, ADMIN.email, ADMIN.password, freshIp())
    for (const [url, body] of [
      ['/v1/mfa-policy/INTERNAL', { mode: 'always', graceDays: 1 }],
      ['/v1/mfa-policy/INTERNAL', { mode: 'off', graceDays: 400 }],
      ['/v1/mfa-policy/NOBODY', { mode: 'off', graceDays: 1 }],
    ] as const) {
      const answer = await call(t, 'PUT', url, body, { cookie: admin })
      expect(answer.statusCode).toBe(400)
    }
    const changes = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'mfa.policy_changed'))
    expect(changes.length).toBeGreaterThan(0)
  })
})

describe('staff', () => {
  it('see a user’s factors and reset them: audited, the owner mailed', async () => {
    const { user } = await enrolled({ phone: uniquePhone(), use2fa: true })
    const admin = await signIn(t, ADMIN.email, ADMIN.password, freshIp())
    const listed = results<{ factors: { kind: string; count?: number }[] }>(
      await call(t, 'GET', `/v1/user/${user.id}/factors`, undefined, { cookie: admin }),
    )
    expect(listed.factors.map((f) => f.kind)).toEqual(['authenticator', 'sms', 'recovery'])
    expect(JSON.stringify(listed)).not.toMatch(/secret|codeHash/)
    const reset = await call(t, 'POST', `/v1/user/${user.id}/reset-factors`, undefined, {
      cookie: admin,
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toMatchObject({
      results: { user: { authenticator: false, use2FA: false } },
    })
    const after = results<{ factors: unknown[] }>(
      await call(t, 'GET', `/v1/user/${user.id}/factors`, undefined, { cookie: admin }),
    )
    expect(after.factors).toEqual([])
    expect(
      outboxFiles(t)
        .filter((m) => m.to === user.email)
        .at(-1)?.subject,
    ).toBe('Your Gatehouse second factors were reset')
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'user.factors_reset')))
    expect(audit?.detail).toMatchObject({
      changes: { authenticator: { before: true, after: false } },
    })
  })

  it('need users.write to reset and users.read to look', async () => {
    const { user } = await enrolled()
    const nobody = await createUser(t)
    const cookie = await signIn(t, nobody.email, nobody.password, freshIp())
    expect(
      (await call(t, 'GET', `/v1/user/${user.id}/factors`, undefined, { cookie })).statusCode,
    ).toBe(403)
    expect(
      (await call(t, 'POST', `/v1/user/${user.id}/reset-factors`, undefined, { cookie }))
        .statusCode,
    ).toBe(403)
  })

  it('see how many users have each factor on the Dashboard', async () => {
    await enrolled()
    const admin = await signIn(t, ADMIN.email, ADMIN.password, freshIp())
    const figures = results<{ factors: Record<string, number> }>(
      await call(t, 'GET', '/v1/dashboard', undefined, { cookie: admin }),
    )
    expect(figures.factors.authenticator).toBeGreaterThan(0)
    expect(figures.factors.none).toBeGreaterThan(0)
    expect(figures.factors.users).toBeGreaterThanOrEqual((figures.factors.none ?? 0) + 1)
  })
})
