import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { passwordResetTokens } from '../../server/db/schema/credentials'
import { outbox } from '../../server/db/schema/outbox'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { hashToken } from '../../server/domain/tokens'
import { call, outboxFiles, signIn, useTestApp, type OutboxFile } from './helper'
import { accountCounter, createUser, setAccountCounter } from './fixtures'

const t = useTestApp()

// Every test speaks from its own client address, so the per-client throttle of one does not
// reach into another.
let clients = 0
const nextIp = () => `198.51.100.${++clients}`

const request = (email: string, ip: string) =>
  call(t, 'POST', `/v1/passwordReset/${encodeURIComponent(email)}`, undefined, { ip })
const lookUp = (slug: string, ip: string) =>
  call(t, 'GET', `/v1/resettoken/${slug}`, undefined, { ip })
const reset = (slug: string, body: unknown, ip: string) =>
  call(t, 'PUT', `/v1/passwordreset/${slug}`, body, { ip })

const mailsTo = (to: string) =>
  outboxFiles(t).filter(
    (m) => m.channel === 'email' && m.to === to.toLowerCase(),
  ) as (OutboxFile & {
    html?: string
  })[]

/** Asks for a link and answers the token of the email that arrives for it. */
async function requestLink(email: string, ip = nextIp()): Promise<string> {
  const before = mailsTo(email).length
  expect((await request(email, ip)).statusCode).toBe(200)
  const mail = await vi.waitFor(() => {
    const arrived = mailsTo(email)[before]
    if (!arrived) throw new Error('no reset mail yet')
    return arrived
  })
  const token = /\/passwordReset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
  if (!token) throw new Error(`no link in ${mail.text}`)
  return token
}

const errorOf = (response: { json: <T>() => T }) =>
  response.json<{ success: boolean; error: { code: number; message: string } }>()

/** Moves the address's reset requests out of the throttle's window, as if an hour had passed. */
async function forgetRequests(email: string) {
  await t.db
    .update(auditLog)
    .set({ at: new Date(Date.now() - 3_600_000) })
    .where(
      and(
        eq(auditLog.action, 'password.reset_requested'),
        sql`${auditLog.detail} ->> 'email' = ${email}`,
      ),
    )
}

/** Messages queued for the address, delivered or not. */
const queuedFor = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to))

describe('POST /v1/passwordReset/:email', () => {
  it('sends a link that works for one hour to an unlocked account', async () => {
    const user = await createUser(t)
    const token = await requestLink(user.email.toUpperCase())
    const [mail] = mailsTo(user.email)
    expect(mail?.subject).toBe('Reset your Gatehouse password')
    const link = `${t.config.publicUrl}/passwordReset/${token}`
    for (const body of [mail?.text, mail?.html]) {
      expect(body).toContain(link)
      expect(body).toContain('expires in 1 hour')
      expect(body).toContain('If you did not ask for this, you can ignore this email')
    }
    expect(token.length).toBeGreaterThanOrEqual(43)
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id))
    // Only the hash is stored.
    expect(row?.tokenHash).toBe(hashToken(token))
    expect(row?.tokenHash).not.toBe(token)
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(3_600_000)
    const found = await lookUp(token, nextIp())
    expect(found.statusCode).toBe(200)
    expect(found.json()).toEqual({
      success: true,
      results: { email: user.email, invitation: false },
    })
  })

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const user = await createUser(t)
    const known = await request(user.email, nextIp())
    const unknown = await request('nobody.here@example.com', nextIp())
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
    expect(unknown.json()).toEqual({ success: true })
    expect(await queuedFor('nobody.here@example.com')).toHaveLength(0)
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'password.reset_requested'))
    expect(audited.map((row) => row.detail?.email)).toContain('nobody.here@example.com')
  })

  it('sends nothing to a locked account but answers the same', async () => {
    const user = await createUser(t)
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, user.id))
    const response = await request(user.email, nextIp())
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    expect(await queuedFor(user.email)).toHaveLength(0)
    expect(
      await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    ).toHaveLength(0)
  })

  it('refuses a malformed address with 400 and code 1001', async () => {
    const response = await request('not-an-address', nextIp())
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).error).toEqual({
      code: 1001,
      message: 'email must be a valid email address.',
    })
    // 255 characters: one over the limit of an address.
    const tooLong = await request(`${'a'.repeat(243)}@example.com`, nextIp())
    expect(tooLong.statusCode).toBe(400)
    expect(errorOf(tooLong).error.code).toBe(1001)
    // A long but valid address is a path segment longer than Fastify's default limit of 100.
    expect((await request(`${'b'.repeat(150)}@example.com`, nextIp())).statusCode).toBe(200)
  })

  it('makes an earlier link stop working when a new one is sent', async () => {
    const user = await createUser(t)
    const first = await requestLink(user.email)
    const second = await requestLink(user.email)
    expect((await lookUp(first, nextIp())).statusCode).toBe(404)
    expect((await lookUp(second, nextIp())).statusCode).toBe(200)
  })

  it('makes an outstanding link stop working when the password is changed', async () => {
    const user = await createUser(t)
    const link = await requestLink(user.email)
    const cookie = await signIn(t, user.email, user.password, nextIp())
    const changed = await call(
      t,
      'PUT',
      `/v1/user/${user.id}/password`,
      { oldPassword: user.password, password: 'Changed#Passw0rd9' },
      { cookie },
    )
    expect(changed.statusCode).toBe(200)
    expect((await lookUp(link, nextIp())).statusCode).toBe(404)
  })
})

describe('throttle', () => {
  it('allows three requests per address in 15 minutes, known or not, then answers 823', async () => {
    const user = await createUser(t)
    for (const email of [user.email, 'ghost.throttle@example.com']) {
      for (let i = 0; i < 3; i++) expect((await request(email, nextIp())).statusCode).toBe(200)
      const refused = await request(email.toUpperCase(), nextIp())
      expect(refused.statusCode).toBe(429)
      const retryAfter = Number(refused.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(900)
      const { error } = errorOf(refused)
      expect(error.code).toBe(823)
      expect(error.message).toBe(
        `Too many password reset attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      )
    }
    // The mail is queued after the answer, so that a known address answers no later.
    await vi.waitFor(async () => expect(await queuedFor(user.email)).toHaveLength(3))
    expect(await queuedFor('ghost.throttle@example.com')).toHaveLength(0)
  })

  it('allows ten requests per client address in 15 minutes', async () => {
    const ip = nextIp()
    for (let i = 0; i < 10; i++) {
      expect((await request(`sweep${i}@example.com`, ip)).statusCode).toBe(200)
    }
    const refused = await request('sweep10@example.com', ip)
    expect(refused.statusCode).toBe(429)
    expect(errorOf(refused).error.code).toBe(823)
    expect((await request('sweep10@example.com', nextIp())).statusCode).toBe(200)
  })

  it('counts links that do not work toward the client’s budget', async () => {
    const ip = nextIp()
    for (let i = 0; i < 5; i++) expect((await lookUp(`guess${i}`, ip)).statusCode).toBe(404)
    for (let i = 0; i < 5; i++) {
      const body = { username: 'someone@example.com', password: 'Guess#2026a' }
      expect((await reset(`guess-put${i}`, body, ip)).statusCode).toBe(404)
    }
    const refused = await lookUp('guess-more', ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect((await request('after.guessing@example.com', ip)).statusCode).toBe(429)
  })
})

describe('GET /v1/resettoken/:slug', () => {
  it('answers 804 for an unknown, expired or used link', async () => {
    const user = await createUser(t)
    const token = await requestLink(user.email)
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    for (const slug of [token, 'no-such-token']) {
      const response = await lookUp(slug, nextIp())
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        success: false,
        error: { code: 804, message: 'Password reset link has expired.' },
      })
    }
    const body = { username: user.email, password: 'Expired#2026x' }
    expect(errorOf(await reset(token, body, nextIp())).error.code).toBe(804)
  })

  it('refuses a malformed slug with 400', async () => {
    for (const slug of ['x'.repeat(129), 'has%20space', 'dot.dot']) {
      const response = await lookUp(slug, nextIp())
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).error.code).toBe(1001)
    }
  })
})

describe('PUT /v1/passwordreset/:slug', () => {
  it('sets the password, unlocks, ends every session and uses the link up', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const token = await requestLink(user.email)
    await t.db
      .update(users)
      .set({ lockedAt: new Date(), mustChangePassword: true })
      .where(eq(users.id, user.id))
    await setAccountCounter(t, user.id, { failedAttempts: 2, lockoutCount: 1 })
    const ip = nextIp()
    const response = await reset(
      token,
      { username: user.email.toUpperCase(), password: 'Reset#2026ok' },
      ip,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(after).toMatchObject({ lockedAt: null, mustChangePassword: false })
    expect(await accountCounter(t, user.id)).toBeUndefined()
    expect(after?.passwordChangedAt.getTime()).toBeGreaterThan(user.passwordChangedAt.getTime())
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie })).statusCode).toBe(401)
    expect((await lookUp(token, ip)).statusCode).toBe(404)
    const again = await reset(token, { username: user.email, password: 'Again#2026ok' }, ip)
    expect(again.statusCode).toBe(404)
    expect(errorOf(again).error.code).toBe(804)
    await signIn(t, user.email, 'Reset#2026ok')
  })

  it('lets only one of two simultaneous resets with one link win', async () => {
    const user = await createUser(t)
    const token = await requestLink(user.email)
    const answers = await Promise.all(
      ['Racer#2026one', 'Racer#2026two'].map((password) =>
        reset(token, { username: user.email, password }, nextIp()),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404])
  })

  it('refuses a username that is not the address on file with 422', async () => {
    const user = await createUser(t)
    const token = await requestLink(user.email)
    const response = await reset(
      token,
      { username: 'someone.else@example.com', password: 'Other#2026ok' },
      nextIp(),
    )
    expect(response.statusCode).toBe(422)
    expect(errorOf(response).error).toEqual({
      code: 1001,
      message: 'Does not match email address on file',
    })
    // The link still works for its owner.
    expect((await lookUp(token, nextIp())).statusCode).toBe(200)
  })

  it('refuses a password that breaks the policy with 806, a common one included', async () => {
    const user = await createUser(t)
    const token = await requestLink(user.email)
    const weak = await reset(token, { username: user.email, password: 'alllowercase' }, nextIp())
    expect(weak.statusCode).toBe(422)
    expect(errorOf(weak).error.code).toBe(806)
    expect(errorOf(weak).error.message).toContain('an uppercase letter')
    const common = await reset(token, { username: user.email, password: 'P@ssw0rd' }, nextIp())
    expect(common.statusCode).toBe(422)
    expect(errorOf(common).error).toEqual({
      code: 806,
      message:
        'The new password does not meet the password rules: it needs to be less common (it is one of the most commonly used passwords).',
    })
  })

  it('refuses the current password and the last five with 807', async () => {
    const user = await createUser(t)
    const ip = nextIp()
    const current = await reset(
      await requestLink(user.email),
      { username: user.email, password: user.password },
      ip,
    )
    expect(current.statusCode).toBe(422)
    expect(errorOf(current).error.code).toBe(807)
    const used = ['First#2026a', 'Second#2026b', 'Third#2026c', 'Fourth#2026d', 'Fifth#2026e']
    for (const password of used) {
      // Requests from changing client addresses: this is about the history, not the throttle.
      const token = await requestLink(user.email, nextIp())
      await forgetRequests(user.email)
      expect((await reset(token, { username: user.email, password }, ip)).statusCode).toBe(200)
    }
    const token = await requestLink(user.email)
    const recent = await reset(token, { username: user.email, password: used[1] ?? '' }, ip)
    expect(errorOf(recent).error.code).toBe(807)
    // Six passwords back may be used again.
    const old = await reset(token, { username: user.email, password: user.password }, ip)
    expect(old.statusCode).toBe(200)
  })

  it('refuses a malformed body or slug with 400', async () => {
    const ip = nextIp()
    const cases: [string, unknown][] = [
      ['a'.repeat(43), { username: 'a@example.com' }],
      ['a'.repeat(43), { username: 'a@example.com', password: 'Fine#2026ok', extra: 1 }],
      ['a'.repeat(43), { username: 'a@example.com', password: 'x'.repeat(65) }],
      ['x'.repeat(200), { username: 'a@example.com', password: 'Fine#2026ok' }],
    ]
    for (const [slug, body] of cases) {
      const response = await reset(slug, body, ip)
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).error.code).toBe(1001)
    }
  })
})
