import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Permission } from '../../schema/permissions'
import { auditLog } from '../../server/db/schema/audit'
import { passwordResetTokens } from '../../server/db/schema/credentials'
import { passkeys } from '../../server/db/schema/passkeys'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { createUser, uniquePhone } from './fixtures'
import { ADMIN, call, outboxFiles, signIn, useTestApp } from './helper'

const t = useTestApp()
let admin = ''
let adminId = ''

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  const [row] = await t.db.select().from(users).where(eq(users.email, ADMIN.email))
  adminId = row!.id
})

const UNKNOWN = '01890000-0000-7000-8000-000000000000'
const LAST_ADMIN =
  'There must remain at least one active administrator (a user with users.write who is not locked or disabled).'

const post = (url: string, cookie: string, body?: unknown) =>
  call(t, 'POST', url, body, cookie ? { cookie } : {})
const put = (url: string, cookie: string, body?: unknown) =>
  call(t, 'PUT', url, body, cookie ? { cookie } : {})

const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!
const auditOf = (id: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, id), eq(auditLog.action, action)))

async function staff(permissions: Permission[], type: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL') {
  const user = await createUser(t, { permissions })
  if (type === 'EXTERNAL') await t.db.update(users).set({ type }).where(eq(users.id, user.id))
  return { user, cookie: await signIn(t, user.email, user.password) }
}

const liveSessions = async (userId: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length

function inviteBody(overrides: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 8)
  return {
    nameFirst: 'Grace',
    nameLast: 'Hopper',
    email: `grace.${n}@example.com`,
    phone: null,
    type: 'INTERNAL',
    permissions: ['services.read'],
    ...overrides,
  }
}

describe('POST /v1/users (invite)', () => {
  it('creates the account, mails a 72-hour set-password link, audits; the user then signs in', async () => {
    const body = inviteBody({ email: 'Grace.Invited@Example.com', phone: uniquePhone() })
    const answer = await post('/v1/users', admin, body)
    expect(answer.statusCode).toBe(200)
    const { user } = answer.json<{ results: { user: Record<string, unknown> & { id: string } } }>()
      .results
    expect(user).toMatchObject({
      nameFirst: 'Grace',
      email: 'grace.invited@example.com',
      permissions: ['services.read'],
      locked: false,
      disabled: false,
      mustChangePassword: false,
      lastLogin: null,
    })
    const [mail] = outboxFiles(t).filter((m) => m.to === 'grace.invited@example.com')
    expect(mail).toMatchObject({ channel: 'email', subject: 'You are invited to Gatehouse' })
    expect(mail!.text).toContain('72 hours')
    const token = /\/passwordReset\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1]
    expect(mail!.text).toContain(`http://localhost:8080/passwordReset/${token}`)

    // Nobody knows the first password: the admin never chose one.
    const stored = await row(user.id)
    expect(stored.passwordHash).toMatch(/^\$argon2/)
    const [audit] = await auditOf(user.id, 'user.created')
    expect(audit).toMatchObject({
      actorUserId: adminId,
      detail: {
        invited: true,
        changes: { email: { before: null, after: 'grace.invited@example.com' } },
      },
    })

    // The link lives 72 hours (checked in the table), and sets the password.
    const password = 'Invited#Pass2026'
    const check = await call(t, 'GET', `/v1/resettoken/${token}`)
    // An invitation's link says so: the console welcomes the new user on the same form.
    expect(check.json()).toEqual({
      success: true,
      results: { email: 'grace.invited@example.com', invitation: true },
    })
    const reset = await call(t, 'PUT', `/v1/passwordreset/${token}`, {
      username: 'grace.invited@example.com',
      password,
    })
    expect(reset.statusCode).toBe(200)
    const login = await call(t, 'POST', '/v1/login', {
      username: 'grace.invited@example.com',
      password,
    })
    expect(login.statusCode).toBe(200)
  })

  it('stores the link with a 72-hour expiry', async () => {
    const before = Date.now()
    const answer = await post('/v1/users', admin, inviteBody())
    const id = answer.json<{ results: { user: { id: string } } }>().results.user.id
    const [token] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, id))
    const hours = (token!.expiresAt.getTime() - before) / 3_600_000
    expect(hours).toBeGreaterThan(71.9)
    expect(hours).toBeLessThan(72.1)
  })

  it('answers 409 when the email or phone is taken, and creates nothing', async () => {
    const taken = await call(t, 'POST', '/v1/users', inviteBody({ email: ADMIN.email }), {
      cookie: admin,
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({
      success: false,
      error: { code: 1001, message: 'That email address is already used by another account.' },
    })
    const other = await createUser(t, { phone: uniquePhone() })
    const phone = await post('/v1/users', admin, inviteBody({ phone: other.phone }))
    expect(phone.statusCode).toBe(409)
    expect(phone.json()).toMatchObject({
      error: { message: 'That phone number is already used by another account.' },
    })
  })

  it('needs users.write (401/403), refuses bad input (400) and what the actor does not hold (422)', async () => {
    expect((await post('/v1/users', '', inviteBody())).statusCode).toBe(401)
    const reader = await staff(['users.read'])
    expect((await post('/v1/users', reader.cookie, inviteBody())).statusCode).toBe(403)
    for (const bad of [
      inviteBody({ nameFirst: 'a\u0000b' }),
      inviteBody({ extra: 1 }),
      inviteBody({ email: 'not-an-email' }),
      inviteBody({ permissions: ['root'] }),
      inviteBody({ phone: '123' }),
    ]) {
      const response = await post('/v1/users', admin, bad)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ success: false, error: { code: 1001 } })
    }
    // Giving permissions takes users.access (docs/access.md); users.write alone is refused.
    const helpDesk = await staff(['users.write'])
    const withoutAccess = await post(
      '/v1/users',
      helpDesk.cookie,
      inviteBody({ permissions: ['logs.read'] }),
    )
    expect(withoutAccess.statusCode).toBe(403)
    const writer = await staff(['users.write', 'users.access'])
    const grant = await post('/v1/users', writer.cookie, inviteBody({ permissions: ['logs.read'] }))
    expect(grant.statusCode).toBe(422)
    expect(grant.json()).toMatchObject({
      error: { message: 'You cannot grant a permission you do not hold yourself.' },
    })
  })
})

describe('PUT /v1/user/:id/access', () => {
  it('sets type and permissions, audits before → after', async () => {
    const user = await createUser(t, { permissions: ['services.read'] })
    const answer = await put(`/v1/user/${user.id}/access`, admin, {
      type: 'EXTERNAL',
      permissions: ['sessions.read', 'services.read'],
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      results: { user: { type: 'EXTERNAL', permissions: ['sessions.read', 'services.read'] } },
    })
    const [audit] = await auditOf(user.id, 'user.access')
    expect(audit).toMatchObject({
      actorUserId: adminId,
      detail: {
        changes: {
          type: { before: 'INTERNAL', after: 'EXTERNAL' },
          permissions: { before: ['services.read'], after: ['sessions.read', 'services.read'] },
        },
      },
    })
  })

  it('refuses removing one’s own users.write (422)', async () => {
    // The administrator's users.write comes from a role; this writer's is a direct grant.
    const me = await staff(['users.write', 'users.read', 'users.access'])
    const self = await put(`/v1/user/${me.user.id}/access`, me.cookie, {
      type: 'INTERNAL',
      permissions: ['users.read'],
    })
    expect(self.statusCode).toBe(422)
    expect(self.json()).toEqual({
      success: false,
      error: { code: 1001, message: 'You cannot remove your own users.write permission.' },
    })
    expect((await row(me.user.id)).permissions).toContain('users.write')
  })

  it('refuses leaving no active administrator (access, lock, disable, bulk)', async () => {
    // A writer whose session outlives a lock written by hand: they can still ask, but are not an
    // active administrator, so the administrator is the last one.
    const writer = await staff(['users.write', 'users.read', 'users.access'])
    const others = (await t.db.select().from(users)).filter(
      (u) => u.id !== adminId && u.permissions.includes('users.write') && !u.lockedAt,
    )
    for (const o of others)
      await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, o.id))
    try {
      // The administrator's users.write is the Administrator role's: taking the role away.
      const strip = await put(`/v1/user/${adminId}/roles`, writer.cookie, { assignments: [] })
      expect(strip.statusCode).toBe(422)
      expect(strip.json()).toEqual({ success: false, error: { code: 1001, message: LAST_ADMIN } })
      for (const action of ['lock', 'disable']) {
        const response = await post(`/v1/user/${adminId}/${action}`, writer.cookie)
        expect(response.statusCode).toBe(422)
        expect(response.json()).toMatchObject({ error: { message: LAST_ADMIN } })
      }
      const bulk = await post('/v1/users/lock', writer.cookie, { ids: [adminId] })
      expect(bulk.json()).toEqual({
        success: true,
        results: { done: [], refused: [{ id: adminId, reason: 'the last active administrator' }] },
      })
      const stored = await row(adminId)
      expect([stored.lockedAt, stored.disabledAt]).toEqual([null, null])
      expect(stored.permissions).toContain('users.write')
    } finally {
      for (const o of others)
        await t.db.update(users).set({ lockedAt: null }).where(eq(users.id, o.id))
    }
    // With the writer active again, one of the two may be locked by the other.
    const locked = await post(`/v1/user/${writer.user.id}/lock`, admin)
    expect(locked.statusCode).toBe(200)
  })

  // Changing an INTERNAL user is no user at all to them (404): users-visibility.test.ts.
  it('refuses an EXTERNAL writer creating INTERNAL users or making one (403)', async () => {
    const external = await staff(
      ['users.write', 'users.read', 'users.access', 'services.read'],
      'EXTERNAL',
    )
    const message = 'Only internal staff can change internal users.'
    const invite = await post('/v1/users', external.cookie, inviteBody({ type: 'INTERNAL' }))
    expect(invite.statusCode).toBe(403)
    expect(invite.json()).toMatchObject({ error: { message } })
    // EXTERNAL users are theirs to manage.
    const ok = await post('/v1/users', external.cookie, inviteBody({ type: 'EXTERNAL' }))
    expect(ok.statusCode).toBe(200)
    const id = ok.json<{ results: { user: { id: string } } }>().results.user.id
    expect((await post(`/v1/user/${id}/lock`, external.cookie)).statusCode).toBe(200)
    // …but not promote them to INTERNAL.
    const promote = await put(`/v1/user/${id}/access`, external.cookie, {
      type: 'INTERNAL',
      permissions: [],
    })
    expect(promote.statusCode).toBe(403)
    expect(promote.json()).toMatchObject({ error: { message } })
  })
})

describe('POST /v1/user/:id/<action>', () => {
  it('lock sets the permanent lock, ends the sessions (802 at sign-in), audits', async () => {
    const user = await createUser(t)
    await signIn(t, user.email, user.password)
    expect(await liveSessions(user.id)).toBe(1)
    const answer = await post(`/v1/user/${user.id}/lock`, admin)
    expect(answer.json()).toMatchObject({ success: true, results: { user: { locked: true } } })
    expect(await liveSessions(user.id)).toBe(0)
    const login = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    expect(login.json()).toMatchObject({ error: { code: 802 } })
    const [audit] = await auditOf(user.id, 'account.locked')
    expect(audit).toMatchObject({
      actorUserId: adminId,
      detail: { changes: { locked: { before: false, after: true } }, sessionsEnded: 1 },
    })
    // Locking again changes nothing and records nothing.
    await post(`/v1/user/${user.id}/lock`, admin)
    expect(await auditOf(user.id, 'account.locked')).toHaveLength(1)
    // Unlock answers the user and sends the reset mail.
    const unlocked = await post(`/v1/user/${user.id}/unlock`, admin)
    expect(unlocked.json()).toMatchObject({
      results: { unlocked: true, user: { id: user.id, locked: false } },
    })
    expect(
      outboxFiles(t)
        .filter((m) => m.to === user.email)
        .at(-1),
    ).toMatchObject({
      subject: 'Your Gatehouse account has been unlocked',
    })
  })

  it('disable and enable; require-password-change; reset-link mails the user', async () => {
    const user = await createUser(t)
    const disabled = await post(`/v1/user/${user.id}/disable`, admin)
    expect(disabled.json()).toMatchObject({ results: { user: { disabled: true } } })
    expect((await row(user.id)).disabledAt).not.toBeNull()
    const enabled = await post(`/v1/user/${user.id}/enable`, admin)
    expect(enabled.json()).toMatchObject({ results: { user: { disabled: false } } })
    expect((await auditOf(user.id, 'account.enabled'))[0]).toMatchObject({
      detail: { changes: { disabled: { before: true, after: false } } },
    })

    const must = await post(`/v1/user/${user.id}/require-password-change`, admin)
    expect(must.json()).toMatchObject({ results: { user: { mustChangePassword: true } } })
    expect((await auditOf(user.id, 'user.must_change_password'))[0]).toMatchObject({
      actorUserId: adminId,
      detail: { changes: { mustChangePassword: { before: false, after: true } } },
    })

    const link = await post(`/v1/user/${user.id}/reset-link`, admin)
    expect(link.statusCode).toBe(200)
    const mail = outboxFiles(t)
      .filter((m) => m.to === user.email)
      .at(-1)
    expect(mail?.text).toContain('An administrator sent you a link to choose a new password')
    expect(mail?.text).toMatch(/\/passwordReset\/[A-Za-z0-9_-]+/)
    expect(await auditOf(user.id, 'user.reset_link')).toHaveLength(1)
  })

  it('refuses locking or disabling oneself (422)', async () => {
    for (const [action, message] of [
      ['lock', 'You cannot lock your own account.'],
      ['disable', 'You cannot disable your own account.'],
    ]) {
      const response = await post(`/v1/user/${adminId}/${action}`, admin)
      expect(response.statusCode).toBe(422)
      expect(response.json()).toEqual({ success: false, error: { code: 1001, message } })
    }
    expect((await row(adminId)).lockedAt).toBeNull()
  })

  it.each(['lock', 'unlock', 'disable', 'enable', 'reset-link', 'require-password-change'])(
    '%s: 401 signed out, 403 without users.write, 404 unknown, 400 bad id',
    async (action) => {
      const user = await createUser(t)
      expect((await post(`/v1/user/${user.id}/${action}`, '')).statusCode).toBe(401)
      const reader = await staff(['users.read'])
      expect((await post(`/v1/user/${user.id}/${action}`, reader.cookie)).statusCode).toBe(403)
      // No permission, no hint about ids: 403 before validation.
      expect((await post(`/v1/user/nope/${action}`, reader.cookie)).statusCode).toBe(403)
      const unknown = await post(`/v1/user/${UNKNOWN}/${action}`, admin)
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toMatchObject({ error: { message: 'There is no such user.' } })
      expect((await post(`/v1/user/not-an-id/${action}`, admin)).statusCode).toBe(400)
      expect((await post(`/v1/user/%00/${action}`, admin)).statusCode).toBe(400)
    },
  )
})

describe('DELETE /v1/user/:id/passkeys', () => {
  it('removes every passkey, answers the count and the user, audits', async () => {
    const user = await createUser(t)
    for (const n of [1, 2])
      await t.db.insert(passkeys).values({
        userId: user.id,
        credentialId: `cred-${user.id}-${n}`,
        publicKey: 'AA',
        label: `Key ${n}`,
        createdAt: new Date(),
      })
    expect((await row(user.id)).passkeyCount).toBe(2)
    const answer = await call(t, 'DELETE', `/v1/user/${user.id}/passkeys`, undefined, {
      cookie: admin,
    })
    expect(answer.json()).toMatchObject({
      success: true,
      results: { removed: 2, user: { id: user.id, passkeys: 0 } },
    })
    expect((await auditOf(user.id, 'user.passkeys_removed'))[0]).toMatchObject({
      detail: { removed: 2, changes: { passkeys: { before: 2, after: 0 } } },
    })
    const reader = await staff(['users.read'])
    const refused = await call(t, 'DELETE', `/v1/user/${user.id}/passkeys`, undefined, {
      cookie: reader.cookie,
    })
    expect(refused.statusCode).toBe(403)
    const unknown = await call(t, 'DELETE', `/v1/user/${UNKNOWN}/passkeys`, undefined, {
      cookie: admin,
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('PUT /v1/user/:id/mfa and the profile editors by staff', () => {
  it('staff turn another user’s two-factor off without a password; before → after audited', async () => {
    const user = await createUser(t, { phone: uniquePhone(), use2fa: true })
    const off = await put(`/v1/user/${user.id}/mfa`, admin, { use2FA: false })
    expect(off.json()).toMatchObject({ results: { user: { use2FA: false } } })
    const name = await put(`/v1/user/${user.id}/name`, admin, { nameFirst: 'Ada', nameLast: 'L' })
    expect(name.statusCode).toBe(200)
    const audits = await auditOf(user.id, 'user.updated')
    expect(audits.map((a) => a.detail?.changes)).toEqual([
      { use2FA: { before: true, after: false } },
      {
        nameFirst: { before: 'Test', after: 'Ada' },
        nameLast: { before: user.nameLast, after: 'L' },
      },
    ])
  })
})
