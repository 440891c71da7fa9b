import { and, eq } from 'drizzle-orm'
import type { Response as LightMyRequestResponse } from 'light-my-request'
import { describe, expect, it } from 'vitest'
import type { Explanation, Group, Role, UserAccess } from '../../schema/access'
import { apiTokens } from '../../server/db/schema/access'
import { auditLog } from '../../server/db/schema/audit'
import { users } from '../../server/db/schema/users'
import { ADMIN, call, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'

const t = useTestApp()
const admin = () => signIn(t, ADMIN.email, ADMIN.password)
type Answer<T> = { success: boolean; results: T; error: { code: number; message: string } }
const json = async <T>(p: Promise<LightMyRequestResponse>) => {
  const response = await p
  return { status: response.statusCode, body: response.json<Answer<T>>() }
}

async function roleByKey(cookie: string, key: string): Promise<Role> {
  const { body } = await json<{ roles: Role[] }>(call(t, 'GET', '/v1/roles', undefined, { cookie }))
  const role = body.results.roles.find((r) => r.builtIn === key)
  if (!role) throw new Error(`no role ${key}`)
  return role
}

async function newGroup(cookie: string, name: string): Promise<Group> {
  const { status, body } = await json<{ group: Group }>(
    call(t, 'POST', '/v1/groups', { name, description: '' }, { cookie }),
  )
  expect(status).toBe(200)
  return body.results.group
}

const addMembers = (cookie: string, group: string, ids: string[]) =>
  call(t, 'POST', `/v1/groups/${group}/members`, { ids }, { cookie })

/** A help-desk person for one group, its members and a user outside it. */
async function helpDeskScene(name: string) {
  const cookie = await admin()
  const group = await newGroup(cookie, name)
  const inside = await createUser(t, { type: 'EXTERNAL' })
  const outside = await createUser(t, { type: 'EXTERNAL' })
  const desk = await createUser(t)
  expect((await addMembers(cookie, group.id, [inside.id])).statusCode).toBe(200)
  const helpDesk = await roleByKey(cookie, 'help-desk')
  const set = await call(
    t,
    'PUT',
    `/v1/user/${desk.id}/roles`,
    { assignments: [{ roleId: helpDesk.id, groupId: group.id }] },
    { cookie },
  )
  expect(set.statusCode).toBe(200)
  return {
    cookie,
    group,
    inside,
    outside,
    desk,
    deskCookie: await signIn(t, desk.email, desk.password),
  }
}

describe('roles', () => {
  it('lists the five built-in roles; the first administrator holds Administrator', async () => {
    const cookie = await admin()
    const { body } = await json<{ roles: Role[] }>(
      call(t, 'GET', '/v1/roles', undefined, { cookie }),
    )
    expect(body.results.roles.filter((r) => r.builtIn).map((r) => r.name)).toEqual([
      'Administrator',
      'Attribute editor',
      'Auditor',
      'Help desk',
      'Service owner',
    ])
    const administrator = body.results.roles.find((r) => r.builtIn === 'administrator')!
    expect(administrator.holders).toBe(1)
    expect(administrator.permissions).toContain('roles.write')
    const [row] = await t.db.select().from(users).where(eq(users.email, ADMIN.email))
    expect(row?.directPermissions).toEqual([])
    expect(row?.permissions).toContain('users.access')
  })

  it('creates, renames, changes and deletes a custom role, auditing before and after', async () => {
    const cookie = await admin()
    const created = await json<{ role: Role }>(
      call(
        t,
        'POST',
        '/v1/roles',
        { name: ' Readers ', description: 'Read', permissions: ['logs.read'] },
        { cookie },
      ),
    )
    expect(created.status).toBe(200)
    const { id } = created.body.results.role
    expect(created.body.results.role).toMatchObject({ name: 'Readers', builtIn: null, holders: 0 })
    const taken = await json(
      call(
        t,
        'POST',
        '/v1/roles',
        { name: 'readers', description: '', permissions: [] },
        { cookie },
      ),
    )
    expect(taken.status).toBe(422)
    expect(taken.body.error.message).toBe('A role with this name exists already.')

    const holder = await createUser(t)
    await call(
      t,
      'PUT',
      `/v1/user/${holder.id}/roles`,
      { assignments: [{ roleId: id, groupId: null }] },
      { cookie },
    )
    const changed = await json<{ role: Role }>(
      call(
        t,
        'PUT',
        `/v1/roles/${id}`,
        { name: 'Log readers', permissions: ['logs.read', 'users.read'] },
        { cookie },
      ),
    )
    expect(changed.body.results.role).toMatchObject({ name: 'Log readers', holders: 1 })
    const [after] = await t.db.select().from(users).where(eq(users.id, holder.id))
    expect(after?.permissions).toEqual(['users.read', 'logs.read'])
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'role.updated'))
    expect(audit.at(-1)?.detail).toMatchObject({
      changes: {
        name: { before: 'Readers', after: 'Log readers' },
        permissions: { before: ['logs.read'], after: ['users.read', 'logs.read'] },
      },
    })
    expect((await call(t, 'DELETE', `/v1/roles/${id}`, undefined, { cookie })).statusCode).toBe(200)
    const [gone] = await t.db.select().from(users).where(eq(users.id, holder.id))
    expect(gone?.permissions).toEqual([])
  })

  it('refuses changing or deleting a built-in role, and roles beyond the caller', async () => {
    const cookie = await admin()
    const auditor = await roleByKey(cookie, 'auditor')
    const put = await json(call(t, 'PUT', `/v1/roles/${auditor.id}`, { name: 'X' }, { cookie }))
    expect(put).toMatchObject({
      status: 403,
      body: { error: { message: 'Built-in roles cannot be changed or deleted.' } },
    })
    expect(
      (await call(t, 'DELETE', `/v1/roles/${auditor.id}`, undefined, { cookie })).statusCode,
    ).toBe(403)

    const writer = await createUser(t, { permissions: ['roles.read', 'roles.write', 'logs.read'] })
    const wc = await signIn(t, writer.email, writer.password)
    const beyond = await json(
      call(
        t,
        'POST',
        '/v1/roles',
        { name: 'Big', description: '', permissions: ['users.write'] },
        { cookie: wc },
      ),
    )
    expect(beyond).toMatchObject({
      status: 422,
      body: { error: { message: 'You cannot give a role permissions you do not hold yourself.' } },
    })
    expect(
      (
        await call(
          t,
          'POST',
          '/v1/roles',
          { name: 'Small', description: '', permissions: ['logs.read'] },
          { cookie: wc },
        )
      ).statusCode,
    ).toBe(200)
    const reader = await createUser(t, { permissions: ['logs.read'] })
    const rc = await signIn(t, reader.email, reader.password)
    expect((await call(t, 'GET', '/v1/roles', undefined, { cookie: rc })).statusCode).toBe(403)
  })

  it('keeps the last active Administrator', async () => {
    const cookie = await admin()
    const [me] = await t.db.select().from(users).where(eq(users.email, ADMIN.email))
    const answer = await json(
      call(t, 'PUT', `/v1/user/${me!.id}/roles`, { assignments: [] }, { cookie }),
    )
    expect(answer.status).toBe(422)
    const [still] = await t.db.select().from(users).where(eq(users.id, me!.id))
    expect(still?.permissions).toContain('users.write')
  })

  it('refuses granting a role the caller does not hold all of', async () => {
    const cookie = await admin()
    const granter = await createUser(t, {
      permissions: ['users.read', 'users.write', 'users.access', 'logs.read'],
    })
    const gc = await signIn(t, granter.email, granter.password)
    const target = await createUser(t)
    const auditor = await roleByKey(cookie, 'auditor')
    const refused = await json(
      call(
        t,
        'PUT',
        `/v1/user/${target.id}/roles`,
        { assignments: [{ roleId: auditor.id, groupId: null }] },
        { cookie: gc },
      ),
    )
    expect(refused).toMatchObject({
      status: 422,
      body: {
        error: { message: 'You cannot grant a role with permissions you do not hold yourself.' },
      },
    })
    // users.write alone no longer changes permissions.
    const desk = await createUser(t, { permissions: ['users.read', 'users.write'] })
    const dc = await signIn(t, desk.email, desk.password)
    const direct = await call(
      t,
      'PUT',
      `/v1/user/${target.id}/access`,
      { type: 'INTERNAL', permissions: ['users.read'] },
      { cookie: dc },
    )
    expect(direct.statusCode).toBe(403)
  })
})

describe('groups and scoped administration', () => {
  it('a help desk scoped to a group reaches its members only, everywhere', async () => {
    const { inside, outside, deskCookie, cookie } = await helpDeskScene('Pharmacy staff')
    const c = { cookie: deskCookie }
    await signIn(t, inside.email, inside.password)
    await signIn(t, outside.email, outside.password)
    // Sessions: only the members'.
    const sessions = await json<{ nodes: { userId: string }[] }>(
      call(t, 'POST', '/v1/sessions', {}, c),
    )
    expect(new Set(sessions.body.results.nodes.map((n) => n.userId))).toEqual(new Set([inside.id]))
    // Detail, lock and unlock: members only; others are not there.
    expect((await call(t, 'GET', `/v1/user/${inside.id}/timeline`, undefined, c)).statusCode).toBe(
      200,
    )
    expect((await call(t, 'GET', `/v1/user/${outside.id}/timeline`, undefined, c)).statusCode).toBe(
      404,
    )
    expect((await call(t, 'POST', `/v1/user/${inside.id}/lock`, undefined, c)).statusCode).toBe(200)
    expect((await call(t, 'POST', `/v1/user/${outside.id}/lock`, undefined, c)).statusCode).toBe(
      404,
    )
    expect((await call(t, 'POST', `/v1/user/${inside.id}/unlock`, undefined, c)).statusCode).toBe(
      200,
    )
    const [out] = await t.db.select().from(users).where(eq(users.id, outside.id))
    expect(out?.lockedAt).toBeNull()
    // Bulk: the outsider is refused as no such user.
    const bulk = await json<{ refused: { id: string }[] }>(
      call(t, 'POST', '/v1/users/lock', { ids: [inside.id, outside.id] }, c),
    )
    expect(bulk.status).toBe(200)
    expect(JSON.stringify(bulk.body.results)).toContain(outside.id)
    // The sync: members only.
    const sync = await json<{ nodes: { id: string; tombstone?: boolean }[] }>(
      call(t, 'POST', '/v1/sync/users', { cursor: null }, c),
    )
    const seen = sync.body.results.nodes.filter((n) => !n.tombstone).map((n) => n.id)
    expect(seen).toEqual([inside.id])
    // Logs: their help desk role has no logs.read; an Auditor scoped the same way sees members' events only.
    expect((await call(t, 'GET', '/v1/logs', undefined, c)).statusCode).toBe(403)
    // Inviting makes a user outside the group: refused.
    const invite = await call(
      t,
      'POST',
      '/v1/users',
      {
        nameFirst: 'A',
        nameLast: 'B',
        email: 'scoped-invite@example.com',
        phone: null,
        type: 'EXTERNAL',
        permissions: [],
      },
      c,
    )
    expect(invite.statusCode).toBe(403)
    // Leaving the group: the member's row comes as a deletion at the next pull.
    const cursor = (
      await json<{ batchInfo: { cursor: string } }>(
        call(t, 'POST', '/v1/sync/users', { cursor: null }, c),
      )
    ).body.results.batchInfo.cursor
    const groups = await json<{ groups: Group[] }>(
      call(t, 'GET', '/v1/groups', undefined, { cookie }),
    )
    const group = groups.body.results.groups.find((g) => g.name === 'Pharmacy staff')!
    await call(t, 'POST', `/v1/groups/${group.id}/members/remove`, { ids: [inside.id] }, { cookie })
    const again = await json<{ nodes: { id: string; tombstone?: boolean }[] }>(
      call(t, 'POST', '/v1/sync/users', { cursor }, c),
    )
    expect(again.body.results.nodes).toContainEqual({ id: inside.id, tombstone: true })
    expect((await call(t, 'GET', `/v1/user/${inside.id}/timeline`, undefined, c)).statusCode).toBe(
      404,
    )
  })

  it('logs under a scoped logs.read name the members only', async () => {
    const cookie = await admin()
    const group = await newGroup(cookie, 'Audited')
    const inside = await createUser(t)
    const outside = await createUser(t)
    await addMembers(cookie, group.id, [inside.id])
    await signIn(t, inside.email, inside.password)
    await signIn(t, outside.email, outside.password)
    const auditor = await createUser(t)
    const role = await roleByKey(cookie, 'auditor')
    await call(
      t,
      'PUT',
      `/v1/user/${auditor.id}/roles`,
      { assignments: [{ roleId: role.id, groupId: group.id }] },
      { cookie },
    )
    const ac = await signIn(t, auditor.email, auditor.password)
    const logs = await json<{ events: { subject: { id: string } | null }[] }>(
      call(t, 'GET', '/v1/logs?limit=200', undefined, { cookie: ac }),
    )
    expect(logs.status).toBe(200)
    const subjects = new Set(JSON.stringify(logs.body.results).match(/[0-9a-f-]{36}/g))
    expect(subjects.has(inside.id)).toBe(true)
    expect(subjects.has(outside.id)).toBe(false)
    // The dashboard is not scopable, so a scoped Auditor does not get it.
    expect((await call(t, 'GET', '/v1/dashboard', undefined, { cookie: ac })).statusCode).toBe(403)
  })

  it('bulk membership refuses unknown ids and reports them', async () => {
    const cookie = await admin()
    const group = await newGroup(cookie, 'Bulk group')
    const a = await createUser(t)
    const answer = await json<{
      changed: string[]
      refused: { id: string; reason: string }[]
      group: Group
    }>(addMembers(cookie, group.id, [a.id, '0190a000-0000-7000-8000-000000000000']))
    expect(answer.body.results.changed).toEqual([a.id])
    expect(answer.body.results.refused).toEqual([
      { id: '0190a000-0000-7000-8000-000000000000', reason: 'no such user' },
    ])
    expect(answer.body.results.group.members).toBe(1)
    const members = await json<{ members: { id: string }[] }>(
      call(t, 'GET', `/v1/groups/${group.id}/members`, undefined, { cookie }),
    )
    expect(members.body.results.members.map((m) => m.id)).toEqual([a.id])
  })
})

describe('why can they?', () => {
  it('explains a granted and a refused case with the chain of reasons', async () => {
    const { cookie, inside, outside, desk } = await helpDeskScene('Explained')
    const ask = (query: string) =>
      json<{ explanation: Explanation }>(
        call(t, 'GET', `/v1/access/explain?${query}`, undefined, { cookie }),
      )
    const yes = await ask(`user=${desk.id}&permission=users.write&target=${inside.id}`)
    expect(yes.body.results.explanation.allowed).toBe(true)
    expect(yes.body.results.explanation.reasons.join(' ')).toContain(
      'Help desk role for group Explained',
    )
    const no = await ask(`user=${desk.id}&permission=users.write&target=${outside.id}`)
    expect(no.body.results.explanation).toMatchObject({ allowed: false })
    expect(no.body.results.explanation.reasons.join(' ')).toContain('is not a member of Explained')
    const none = await ask(`user=${desk.id}&permission=services.write`)
    expect(none.body.results.explanation.allowed).toBe(false)
    const access = await json<{ access: UserAccess }>(
      call(t, 'GET', `/v1/user/${desk.id}/access`, undefined, { cookie }),
    )
    const write = access.body.results.access.permissions.find((p) => p.permission === 'users.write')
    expect(write?.groups?.map((g) => g.name)).toEqual(['Explained'])
    expect(write?.sources).toEqual([
      expect.objectContaining({ kind: 'role', roleName: 'Help desk', groupName: 'Explained' }),
    ])
    expect((await ask('user=not-an-id&permission=users.read')).status).toBe(400)
    expect((await ask(`user=${desk.id}&permission=users.fly`)).status).toBe(400)
  })
})

describe('API tokens', () => {
  const day = 24 * 3600 * 1000
  const soon = () => new Date(Date.now() + 30 * day).toISOString()

  it('is shown once, works as a bearer with the same checks, names itself in the log, and dies on revoke', async () => {
    const cookie = await admin()
    const auditor = await roleByKey(cookie, 'auditor')
    const made = await json<{ token: { id: string; prefix: string }; secret: string }>(
      call(
        t,
        'POST',
        '/v1/tokens',
        {
          name: 'nightly export',
          roles: [auditor.id],
          permissions: [],
          groupId: null,
          expiresAt: soon(),
        },
        { cookie },
      ),
    )
    expect(made.status).toBe(200)
    const { secret, token } = made.body.results
    expect(secret.startsWith(token.prefix)).toBe(true)
    const [stored] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id))
    expect(stored?.tokenHash).not.toContain(secret)
    const bearer = { headers: { authorization: `Bearer ${secret}` } }
    expect((await call(t, 'POST', '/v1/sync/users', { cursor: null }, bearer)).statusCode).toBe(200)
    expect((await call(t, 'GET', '/v1/logs', undefined, bearer)).statusCode).toBe(200)
    // The Auditor role changes nothing.
    const target = await createUser(t)
    expect(
      (await call(t, 'POST', `/v1/user/${target.id}/lock`, undefined, bearer)).statusCode,
    ).toBe(403)
    // Session-only routes refuse tokens.
    for (const [method, url] of [
      ['GET', '/v1/self'],
      ['GET', '/v1/tokens'],
      ['GET', '/v1/passkeys'],
      ['POST', '/v1/logout'],
    ] as const) {
      const answer = await json(call(t, method, url, undefined, bearer))
      expect(answer).toMatchObject({
        status: 403,
        body: { error: { message: 'API tokens cannot be used for this; sign in to the console.' } },
      })
    }
    const listed = await json<{
      tokens: { lastUsedAt: string | null; lastUsedFrom: string | null }[]
    }>(call(t, 'GET', '/v1/tokens', undefined, { cookie }))
    expect(listed.body.results.tokens[0]).toMatchObject({ lastUsedFrom: '127.0.0.1' })
    expect(
      (await call(t, 'DELETE', `/v1/tokens/${token.id}`, undefined, { cookie })).statusCode,
    ).toBe(200)
    const after = await json(call(t, 'GET', '/v1/logs', undefined, bearer))
    expect(after).toMatchObject({
      status: 401,
      body: {
        success: false,
        error: { message: 'The API token is not valid, has expired or was revoked.' },
      },
    })
  })

  it('names the token and its creator in the audit log of what it did', async () => {
    const cookie = await admin()
    const made = await json<{ secret: string; token: { id: string } }>(
      call(
        t,
        'POST',
        '/v1/tokens',
        {
          name: 'locker',
          roles: [],
          permissions: ['users.read', 'users.write'],
          groupId: null,
          expiresAt: soon(),
        },
        { cookie },
      ),
    )
    const target = await createUser(t)
    const bearer = { headers: { authorization: `Bearer ${made.body.results.secret}` } }
    expect(
      (await call(t, 'POST', `/v1/user/${target.id}/lock`, undefined, bearer)).statusCode,
    ).toBe(200)
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, target.id), eq(auditLog.action, 'account.locked')))
    const [me] = await t.db.select().from(users).where(eq(users.email, ADMIN.email))
    expect(row?.actorUserId).toBe(me?.id)
    expect(row?.detail).toMatchObject({
      via: { tokenId: made.body.results.token.id, tokenName: 'locker' },
    })
  })

  it('refuses bad lifetimes, empty tokens and more than the creator holds', async () => {
    const cookie = await admin()
    const body = (extra: object) => ({
      name: 'x',
      roles: [],
      permissions: ['logs.read'],
      groupId: null,
      expiresAt: soon(),
      ...extra,
    })
    const make = (extra: object, c = cookie) =>
      json(call(t, 'POST', '/v1/tokens', body(extra), { cookie: c }))
    expect((await make({ expiresAt: new Date(Date.now() - 1000).toISOString() })).status).toBe(422)
    expect(
      (await make({ expiresAt: new Date(Date.now() + 400 * day).toISOString() })).body.error
        .message,
    ).toBe('Choose an expiry date in the future and at most a year away.')
    expect((await make({ permissions: [] })).body.error.message).toBe(
      'Choose at least one role or permission for the token.',
    )
    expect((await make({ name: 'a\u0000b' })).status).toBeGreaterThanOrEqual(400)
    const reader = await createUser(t, { permissions: ['logs.read'] })
    const rc = await signIn(t, reader.email, reader.password)
    expect((await make({ permissions: ['users.read'] }, rc)).body.error.message).toBe(
      'A token cannot carry permissions you do not hold yourself.',
    )
    expect((await make({}, rc)).status).toBe(200)
    expect(
      (
        await call(t, 'GET', '/v1/logs', undefined, {
          headers: { authorization: 'Bearer gh_nonsense' },
        })
      ).statusCode,
    ).toBe(401)
    expect(
      (await call(t, 'GET', '/v1/logs', undefined, { headers: { authorization: 'Basic abc' } }))
        .statusCode,
    ).toBe(401)
  })

  it('stops working when it expires or its creator is disabled, and never outgrows its creator', async () => {
    const cookie = await admin()
    const owner = await createUser(t, { permissions: ['logs.read', 'users.read'] })
    const oc = await signIn(t, owner.email, owner.password)
    const made = await json<{ secret: string; token: { id: string } }>(
      call(
        t,
        'POST',
        '/v1/tokens',
        {
          name: 'x',
          roles: [],
          permissions: ['logs.read', 'users.read'],
          groupId: null,
          expiresAt: soon(),
        },
        { cookie: oc },
      ),
    )
    const bearer = { headers: { authorization: `Bearer ${made.body.results.secret}` } }
    expect((await call(t, 'GET', '/v1/logs', undefined, bearer)).statusCode).toBe(200)
    // The creator loses logs.read: so does the token.
    await call(
      t,
      'PUT',
      `/v1/user/${owner.id}/access`,
      { type: 'INTERNAL', permissions: ['users.read'] },
      { cookie },
    )
    expect((await call(t, 'GET', '/v1/logs', undefined, bearer)).statusCode).toBe(403)
    await call(t, 'POST', `/v1/user/${owner.id}/disable`, undefined, { cookie })
    expect((await call(t, 'POST', '/v1/sync/users', { cursor: null }, bearer)).statusCode).toBe(401)
    await call(t, 'POST', `/v1/user/${owner.id}/enable`, undefined, { cookie })
    expect((await call(t, 'POST', '/v1/sync/users', { cursor: null }, bearer)).statusCode).toBe(200)
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made.body.results.token.id))
    expect((await call(t, 'POST', '/v1/sync/users', { cursor: null }, bearer)).statusCode).toBe(401)
  })

  it('a token for one group reaches its members only', async () => {
    const cookie = await admin()
    const group = await newGroup(cookie, 'Token group')
    const inside = await createUser(t)
    const outside = await createUser(t)
    await addMembers(cookie, group.id, [inside.id])
    const made = await json<{ secret: string }>(
      call(
        t,
        'POST',
        '/v1/tokens',
        {
          name: 'g',
          roles: [],
          permissions: ['users.read', 'users.write', 'services.read'],
          groupId: group.id,
          expiresAt: soon(),
        },
        { cookie },
      ),
    )
    const bearer = { headers: { authorization: `Bearer ${made.body.results.secret}` } }
    expect(
      (await call(t, 'POST', `/v1/user/${inside.id}/lock`, undefined, bearer)).statusCode,
    ).toBe(200)
    expect(
      (await call(t, 'POST', `/v1/user/${outside.id}/lock`, undefined, bearer)).statusCode,
    ).toBe(404)
    // Deleting the group leaves the token reaching nobody, not everybody.
    await call(t, 'DELETE', `/v1/groups/${group.id}`, undefined, { cookie })
    expect(
      (await call(t, 'POST', `/v1/user/${outside.id}/lock`, undefined, bearer)).statusCode,
    ).toBe(401)
  })
})
