import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LogsResults } from '../../schema/logs'
import { replayMachineOf, type ReplayResults, type ReplayStep } from '../../schema/replay'
import { auditLog } from '../../server/db/schema/audit'
import { AuditAction, recordAudit } from '../../server/repos/audit'
import { createUser, uniquePhone } from './fixtures'
import { ADMIN, call, latestSmsCode, signIn, useTestApp } from './helper'

const t = useTestApp({ LOCKOUT_THRESHOLD: '3' })
let admin = ''
const client = { ip: '10.9.0.1', userAgent: 'replay-test' }

const replayOf = (id: string, cookie = admin) =>
  call(t, 'GET', `/v1/logs/${id}/replay`, undefined, { cookie })

async function replay(id: string): Promise<ReplayResults> {
  const answer = await replayOf(id)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<{ results: ReplayResults }>().results
}

/** The newest audit row of `action` about `userId`. */
async function rowOf(action: string, userId: string) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, userId)))
  const row = rows.sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1)
  if (!row) throw new Error(`no ${action} row about ${userId}`)
  return row
}

const types = (step: ReplayStep | undefined) => step?.events.map((e) => e.type)

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

describe('GET /v1/logs/{id}/replay', () => {
  it('plays a sign-in refused at the text-message code on login, without the code', async () => {
    const phone = uniquePhone()
    const user = await createUser(t, { phone, use2fa: true })
    const first = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    expect(first.statusCode, first.body).toBe(200)
    const { mfaId } = first.json<{ results: { mfaId: string } }>().results
    const code = latestSmsCode(t, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await call(t, 'POST', '/v1/login/verify', {
      userId: user.id,
      requestId: mfaId,
      accessCode: wrong,
      service: 'sso',
    })
    expect(refused.statusCode).toBe(401)
    const row = await rowOf('login.verify', user.id)

    const answer = await replayOf(row.id)
    const results = answer.json<{ results: ReplayResults }>().results
    expect(results.machine).toBe('login')
    expect(results.logId).toBe(row.id)
    expect(results.steps.map((s) => [s.action, s.outcome])).toEqual([
      ['login.code_sent', 'success'],
      ['login.verify', 'failure'],
    ])
    const [sent, verify] = results.steps
    expect(types(sent)).toEqual([
      'login.usernameChanged',
      'login.passwordChanged',
      'login.submit',
      'xstate.done.actor.signIn',
    ])
    expect(sent?.sentence).toBe(
      `A security code was sent by text message to ${user.nameFirst} ${user.nameLast}`,
    )
    expect(sent?.events[3]?.output).toMatchObject({ methods: ['sms'], user: { id: user.id } })
    expect(types(verify)).toEqual([
      'mfa.codeChanged',
      'mfa.submit',
      'xstate.error.actor.verifyAccessCode',
    ])
    expect(verify?.events.at(-1)?.error).toEqual({
      status: 401,
      code: 803,
      message: 'Incorrect Code. Try Again.',
    })
    expect(verify?.sentence).toMatch(/^Security code failed for .*: wrong security code$/)
    // No secrets: neither code, the password, the phone, nor the second step's id.
    for (const secret of [code, wrong, user.password, phone, phone.slice(-4), mfaId])
      expect(answer.body).not.toContain(secret)
  })

  it('ends the attempt at the lock its wrong passwords started, answered with the wait', async () => {
    const user = await createUser(t)
    for (let i = 0; i < 3; i++)
      await call(t, 'POST', '/v1/login', { username: user.email, password: 'Wrong#Pass1' })
    const lock = await rowOf('account.locked_temporarily', user.id)
    const results = await replay(lock.id)
    expect(results.machine).toBe('login')
    expect(results.steps.map((s) => s.action)).toEqual([
      'login',
      'login',
      'login',
      'account.locked_temporarily',
    ])
    expect(results.steps[0]?.events[0]).toEqual({
      type: 'login.usernameChanged',
      value: user.email,
    })
    // The first two are wrong passwords; the third was answered with the lock.
    expect(results.steps[1]?.events.at(-1)?.error?.code).toBe(801)
    expect(results.steps[2]?.events.at(-1)?.error).toMatchObject({ code: 823, status: 429 })
    expect(results.steps[2]?.events.at(-1)?.error?.message).toMatch(/Try again in 5 minutes\.$/)
    expect(results.steps[3]?.events).toEqual([])
    expect(results.steps[3]?.note).toContain('lock')
    // The refusals that follow the lock are another attempt.
    await call(t, 'POST', '/v1/login', { username: user.email, password: 'Wrong#Pass1' })
    const later = await rowOf('login', user.id)
    const next = await replay(later.id)
    expect(next.steps.map((s) => [s.action, s.outcome])).toEqual([['login', 'refused']])
    expect(next.steps[0]?.events.at(-1)?.error?.code).toBe(823)
  })

  it('plays a sign-in with no second factor, and one for a username with no account', async () => {
    const user = await createUser(t)
    await signIn(t, user.email, user.password, '10.9.0.2')
    const opened = await rowOf('login', user.id)
    const results = await replay(opened.id)
    expect(results.steps).toHaveLength(1)
    expect(types(results.steps[0])?.at(-1)).toBe('xstate.done.actor.signIn')

    await call(
      t,
      'POST',
      '/v1/login',
      { username: 'nobody@example.com', password: 'Wrong#Pass1' },
      { ip: '10.9.0.3' },
    )
    const [unknown] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login'), eq(auditLog.ip, '10.9.0.3')))
    const nobody = await replay(unknown!.id)
    expect(nobody.steps[0]?.events[0]).toEqual({
      type: 'login.usernameChanged',
      value: 'nobody@example.com',
    })
    expect(nobody.steps[0]?.events.at(-1)?.error?.code).toBe(801)
  })

  it('plays a reset request on forgotPassword', async () => {
    const user = await createUser(t)
    const asked = await call(t, 'POST', `/v1/passwordReset/${encodeURIComponent(user.email)}`)
    expect(asked.statusCode, asked.body).toBe(200)
    const row = await rowOf('password.reset_requested', user.id)
    const results = await replay(row.id)
    expect(results.machine).toBe('forgotPassword')
    expect(types(results.steps[0])).toEqual([
      'forgot.emailChanged',
      'forgot.submit',
      'xstate.done.actor.requestPasswordReset',
    ])
  })

  it('plays a reset and the sign-in with the new password on passwordReset', async () => {
    const user = await createUser(t)
    const at = Date.now()
    await recordAudit(
      t.db,
      client,
      {
        action: AuditAction.passwordReset,
        outcome: 'success',
        actorUserId: user.id,
        subjectUserId: user.id,
        detail: { sessionsEnded: 0 },
      },
      new Date(at),
    )
    await recordAudit(
      t.db,
      client,
      {
        action: AuditAction.signIn,
        outcome: 'success',
        subjectUserId: user.id,
        detail: { sessionId: 'x' },
      },
      new Date(at + 2000),
    )
    const row = await rowOf('password.reset', user.id)
    const results = await replay(row.id)
    expect(results.machine).toBe('passwordReset')
    expect(results.input).toEqual({ slug: 'not-recorded' })
    expect(results.steps.map((s) => [s.logId === null ? 'implied' : 'row', s.action])).toEqual([
      ['implied', 'password.reset_link'],
      ['row', 'password.reset'],
      ['row', 'login'],
    ])
    expect(types(results.steps[1])?.at(-1)).toBe('xstate.done.actor.resetPassword')
    expect(types(results.steps[2])).toEqual(['xstate.done.actor.login'])
  })

  it('plays a service sign-in: the form, the login inside, then the service', async () => {
    const user = await createUser(t)
    const at = Date.now()
    await recordAudit(
      t.db,
      client,
      {
        action: AuditAction.signIn,
        outcome: 'failure',
        subjectUserId: user.id,
        detail: { failedAttempts: 0 },
      },
      new Date(at),
    )
    await recordAudit(
      t.db,
      client,
      { action: AuditAction.signIn, outcome: 'success', subjectUserId: user.id, detail: {} },
      new Date(at + 1000),
    )
    await recordAudit(
      t.db,
      client,
      {
        action: AuditAction.oidcAuthorize,
        outcome: 'success',
        actorUserId: user.id,
        subjectUserId: user.id,
        detail: { serviceKey: 'alpha' },
      },
      new Date(at + 2000),
    )
    const row = await rowOf('oidc.authorize', user.id)
    const results = await replay(row.id)
    expect(results.machine).toBe('serviceSignIn')
    expect(results.steps.map((s) => types(s))).toEqual([
      ['xstate.done.actor.fetchDetails'],
      [],
      ['xstate.done.actor.login'],
      ['xstate.done.actor.completeLogin'],
    ])
    expect(results.steps[1]?.note).toMatch(/login statechart inside/)
  })

  it('answers 404 for a row the viewer may not read, one that is not a sign-in, and none', async () => {
    const internal = await createUser(t, { type: 'INTERNAL' })
    await call(t, 'POST', '/v1/login', { username: internal.email, password: 'Wrong#Pass1' })
    const hidden = await rowOf('login', internal.id)
    const external = await createUser(t, { type: 'EXTERNAL', permissions: ['logs.read'] })
    const cookie = await signIn(t, external.email, external.password)
    const refused = await replayOf(hidden.id, cookie)
    expect(refused.statusCode).toBe(404)
    expect(refused.json()).toMatchObject({ success: false, error: { code: 404 } })
    // The same viewer reads an external user's attempt.
    const own = await rowOf('login', external.id)
    expect((await replayOf(own.id, cookie)).statusCode).toBe(200)

    await recordAudit(t.db, client, {
      action: AuditAction.userUpdated,
      outcome: 'success',
      actorUserId: external.id,
      subjectUserId: external.id,
      detail: { field: 'nameFirst' },
    })
    const updated = await rowOf('user.updated', external.id)
    const notSignIn = await replayOf(updated.id)
    expect(notSignIn.statusCode).toBe(404)
    expect(notSignIn.json()).toMatchObject({
      error: {
        message: 'This event is not a step of a sign-in, a password reset or a service sign-in.',
      },
    })
    const none = await replayOf('0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60')
    expect(none.statusCode).toBe(404)
    expect(none.json()).toMatchObject({
      success: false,
      error: { message: 'There is no event with this id.' },
    })
  })

  it('answers 400 for an id that is not one, and 403 without logs.read', async () => {
    const bad = await replayOf('not-an-id')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false, error: { code: 1001 } })
    const plain = await createUser(t, { type: 'EXTERNAL' })
    const cookie = await signIn(t, plain.email, plain.password)
    const row = await rowOf('login', plain.id)
    expect((await replayOf(row.id, cookie)).statusCode).toBe(403)
  })

  it('is the row Logs lists, reached by its id', async () => {
    const page = await call(t, 'GET', '/v1/logs?kinds=sign-in&limit=5', undefined, {
      cookie: admin,
    })
    const [event] = page.json<{ results: LogsResults }>().results.events
    expect((await replayOf(event!.id)).statusCode).toBe(200)
  })

  it('is described in the OpenAPI document with its answer', async () => {
    const document = (await call(t, 'GET', '/v1/openapi.json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }>()
    const route = document.paths['/v1/logs/{id}/replay']?.get
    expect(route?.responses).toHaveProperty('200')
    expect(JSON.stringify(route?.responses['200'])).toContain('steps')
  })

  it('names the chart of each kind of row the button shows for, and none for the others', () => {
    const machineOf = (action: string, actor: { id: string } | null = null) =>
      replayMachineOf({ action, actor })
    expect(
      [
        'login',
        'login.verify',
        'login.code_sent',
        'account.locked_temporarily',
        'account.locked',
      ].map((action) => machineOf(action)),
    ).toEqual(['login', 'login', 'login', 'login', 'login'])
    expect(machineOf('password.reset_requested')).toBe('forgotPassword')
    expect(machineOf('password.reset_link')).toBe('passwordReset')
    expect(machineOf('password.reset')).toBe('passwordReset')
    expect(machineOf('oidc.authorize')).toBe('serviceSignIn')
    expect(machineOf('oidc.consent')).toBe('serviceSignIn')
    // Staff's lock, a sign-out and a token grant are no sign-in steps.
    expect(machineOf('account.locked', { id: 'staff' })).toBeNull()
    expect(machineOf('logout')).toBeNull()
    expect(machineOf('oidc.token')).toBeNull()
  })
})
