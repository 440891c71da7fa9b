import { describe, expect, it } from 'vitest'
import type { Permission } from '../../schema/permissions'
import { ADMIN, call, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'

/*
 * The access model's routes from outside (docs/access.md): anonymous callers get 401, signed-in
 * people without the permission 403, a token that does not carry it 403, and a bad token 401 —
 * before validation, so nobody learns what a valid id is. Each in the envelope.
 */

const t = useTestApp()
const ID = '0190a000-0000-7000-8000-000000000000'
const soon = () => new Date(Date.now() + 7 * 864e5).toISOString()

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
/** Each route, a body that passes its schema, and a permission that is not enough for it. */
const ROUTES: [Method, string, unknown, Permission][] = [
  ['GET', '/v1/roles', undefined, 'logs.read'],
  ['POST', '/v1/roles', { name: 'r', description: '', permissions: [] }, 'roles.read'],
  ['GET', `/v1/roles/${ID}`, undefined, 'logs.read'],
  ['PUT', `/v1/roles/${ID}`, { name: 'r' }, 'roles.read'],
  ['DELETE', `/v1/roles/${ID}`, undefined, 'roles.read'],
  ['GET', '/v1/groups', undefined, 'logs.read'],
  ['POST', '/v1/groups', { name: 'g', description: '' }, 'roles.read'],
  ['GET', `/v1/groups/${ID}`, undefined, 'logs.read'],
  ['PUT', `/v1/groups/${ID}`, { name: 'g' }, 'roles.read'],
  ['DELETE', `/v1/groups/${ID}`, undefined, 'roles.read'],
  ['GET', `/v1/groups/${ID}/members`, undefined, 'roles.read'],
  ['POST', `/v1/groups/${ID}/members`, { ids: [ID] }, 'users.write'],
  ['POST', `/v1/groups/${ID}/members/remove`, { ids: [ID] }, 'users.write'],
  ['GET', `/v1/user/${ID}/access`, undefined, 'roles.read'],
  ['PUT', `/v1/user/${ID}/roles`, { assignments: [] }, 'users.write'],
  ['PUT', `/v1/user/${ID}/groups`, { groups: [] }, 'users.write'],
  ['GET', `/v1/access/explain?user=${ID}&permission=users.read`, undefined, 'logs.read'],
]

const WEBHOOK_ROUTES: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
  ['GET', '/v1/webhooks', undefined],
  ['POST', '/v1/webhooks', { url: 'https://hooks.example.com/in', description: '', events: ['*'] }],
  ['GET', `/v1/webhooks/${ID}`, undefined],
  ['PATCH', `/v1/webhooks/${ID}`, { description: 'x' }],
  ['DELETE', `/v1/webhooks/${ID}`, undefined],
  ['POST', `/v1/webhooks/${ID}/rotate`, undefined],
  ['POST', `/v1/webhooks/${ID}/test`, undefined],
  ['GET', `/v1/webhooks/${ID}/deliveries`, undefined],
  ['GET', `/v1/webhooks/${ID}/deliveries/${ID}`, undefined],
  ['POST', `/v1/webhooks/${ID}/deliveries/${ID}/replay`, undefined],
]

describe('the access routes refuse who may not', () => {
  it.each(ROUTES)(
    '%s %s: 401 anonymous, 403 without the permission',
    async (method, url, body, weak) => {
      const anonymous = await call(t, method, url, body)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json()).toMatchObject({ success: false, error: { code: 401 } })
      const user = await createUser(t, { permissions: [weak] })
      const cookie = await signIn(t, user.email, user.password)
      const refused = await call(t, method, url, body, { cookie })
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ success: false, error: { code: 403 } })
      // The same person's token carries no more than they hold.
      const made = await call(
        t,
        'POST',
        '/v1/tokens',
        { name: 't', roles: [], permissions: [weak], groupId: null, expiresAt: soon() },
        { cookie },
      )
      expect(made.statusCode).toBe(200)
      const secret = made.json<{ results: { secret: string } }>().results.secret
      const viaToken = await call(t, method, url, body, {
        headers: { authorization: `Bearer ${secret}` },
      })
      expect(viaToken.statusCode).toBe(403)
      const badToken = await call(t, method, url, body, {
        headers: { authorization: 'Bearer gh_x' },
      })
      expect(badToken.statusCode).toBe(401)
    },
  )

  // Webhooks (docs/webhooks.md): INTERNAL staff with webhooks.write, or a token carrying it.
  it.each(WEBHOOK_ROUTES)(
    '%s %s: 401 anonymous, 403 without webhooks.write, 403 EXTERNAL, a token only with it',
    async (method, url, body) => {
      const send = (extra: { cookie?: string; headers?: Record<string, string> }) =>
        t.app.inject({
          method,
          url,
          headers: { ...(extra.cookie ? { cookie: extra.cookie } : {}), ...extra.headers },
          ...(body === undefined ? {} : { payload: body as object }),
        })
      expect((await send({})).statusCode).toBe(401)
      const weak = await createUser(t, { permissions: ['queue.write', 'queue.read'] })
      const weakCookie = await signIn(t, weak.email, weak.password)
      expect((await send({ cookie: weakCookie })).statusCode).toBe(403)
      const external = await createUser(t, { permissions: ['webhooks.write'], type: 'EXTERNAL' })
      const externalCookie = await signIn(t, external.email, external.password)
      const refused = await send({ cookie: externalCookie })
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ success: false, error: { code: 403 } })
      const staff = await createUser(t, { permissions: ['webhooks.write', 'logs.read'] })
      const cookie = await signIn(t, staff.email, staff.password)
      const token = async (permissions: string[]) => {
        const made = await call(
          t,
          'POST',
          '/v1/tokens',
          { name: 't', roles: [], permissions, groupId: null, expiresAt: soon() },
          { cookie },
        )
        expect(made.statusCode, made.body).toBe(200)
        return made.json<{ results: { secret: string } }>().results.secret
      }
      const without = await token(['logs.read'])
      expect((await send({ headers: { authorization: `Bearer ${without}` } })).statusCode).toBe(403)
      const withIt = await token(['webhooks.write'])
      // Past the guard: an unknown id is 404, a list or a new endpoint 200.
      const allowed = await send({ headers: { authorization: `Bearer ${withIt}` } })
      expect([200, 404], allowed.body).toContain(allowed.statusCode)
      expect((await send({ cookie })).statusCode).not.toBe(403)
    },
  )

  it('tokens: anonymous 401; another person’s token is no token of yours (404)', async () => {
    expect((await call(t, 'GET', '/v1/tokens')).statusCode).toBe(401)
    expect((await call(t, 'POST', '/v1/tokens', {})).statusCode).toBe(401)
    const admin = await signIn(t, ADMIN.email, ADMIN.password)
    const made = await call(
      t,
      'POST',
      '/v1/tokens',
      { name: 'mine', roles: [], permissions: ['logs.read'], groupId: null, expiresAt: soon() },
      { cookie: admin },
    )
    const id = made.json<{ results: { token: { id: string } } }>().results.token.id
    const other = await createUser(t, { permissions: ['logs.read'] })
    const cookie = await signIn(t, other.email, other.password)
    expect((await call(t, 'GET', `/v1/tokens/${id}`, undefined, { cookie })).statusCode).toBe(404)
    expect((await call(t, 'DELETE', `/v1/tokens/${id}`, undefined, { cookie })).statusCode).toBe(
      404,
    )
    const listed = await call(t, 'GET', '/v1/tokens', undefined, { cookie })
    expect(listed.json()).toEqual({ success: true, results: { tokens: [] } })
  })

  it('a scoped help desk probing users outside its group gets 404, never data', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password)
    const group = (
      await call(
        t,
        'POST',
        '/v1/groups',
        { name: 'Probe group', description: '' },
        { cookie: admin },
      )
    ).json<{ results: { group: { id: string } } }>().results.group
    const roles = (await call(t, 'GET', '/v1/roles', undefined, { cookie: admin })).json<{
      results: { roles: { id: string; builtIn: string | null }[] }
    }>().results.roles
    const helpDesk = roles.find((r) => r.builtIn === 'help-desk')!
    const desk = await createUser(t)
    await call(
      t,
      'PUT',
      `/v1/user/${desk.id}/roles`,
      { assignments: [{ roleId: helpDesk.id, groupId: group.id }] },
      { cookie: admin },
    )
    const cookie = await signIn(t, desk.email, desk.password)
    const outsider = await createUser(t)
    for (const [method, url, body] of [
      ['GET', `/v1/user/${outsider.id}/timeline`, undefined],
      ['GET', `/v1/user/${outsider.id}/access`, undefined],
      ['GET', `/v1/user/${outsider.id}/factors`, undefined],
      ['POST', `/v1/user/${outsider.id}/lock`, undefined],
      ['POST', `/v1/user/${outsider.id}/disable`, undefined],
      ['POST', `/v1/user/${outsider.id}/unlock`, undefined],
      ['POST', `/v1/user/${outsider.id}/reset-link`, undefined],
      ['PUT', `/v1/user/${outsider.id}/name`, { nameFirst: 'X', nameLast: 'Y' }],
      ['DELETE', `/v1/user/${outsider.id}/sessions`, undefined],
    ] as const) {
      const answer = await call(t, method, url, body, { cookie })
      expect([403, 404], `${method} ${url}`).toContain(answer.statusCode)
      expect(answer.body).not.toContain(outsider.email)
    }
  })
})

// SCIM (docs/scim.md): API tokens only; users.write everywhere; groups as the console's rules.
const SCIM_ROUTES: [Method | 'PATCH', string, unknown, Permission[], Permission[]][] = [
  // method, url, body, a token's permissions that are refused, ones that pass the guard
  ['GET', '/scim/v2/ServiceProviderConfig', undefined, [], ['logs.read']],
  ['GET', '/scim/v2/Schemas', undefined, [], ['logs.read']],
  ['GET', '/scim/v2/ResourceTypes', undefined, [], ['logs.read']],
  ['GET', '/scim/v2/Users', undefined, ['users.read'], ['users.write']],
  ['POST', '/scim/v2/Users/.search', {}, ['users.read'], ['users.write']],
  ['GET', `/scim/v2/Users/${ID}`, undefined, ['users.read'], ['users.write']],
  ['POST', '/scim/v2/Users', {}, ['users.read'], ['users.write']],
  ['PUT', `/scim/v2/Users/${ID}`, {}, ['users.read'], ['users.write']],
  ['PATCH', `/scim/v2/Users/${ID}`, { Operations: [] }, ['users.read'], ['users.write']],
  ['DELETE', `/scim/v2/Users/${ID}`, undefined, ['users.read'], ['users.write']],
  ['GET', '/scim/v2/Groups', undefined, ['users.write'], ['users.write', 'roles.read']],
  ['GET', `/scim/v2/Groups/${ID}`, undefined, ['users.write'], ['users.write', 'roles.read']],
  ['POST', '/scim/v2/Groups', {}, ['users.write', 'roles.read'], ['users.write', 'roles.write']],
  ['PUT', `/scim/v2/Groups/${ID}`, {}, ['users.read', 'roles.write'], ['users.write']],
  ['PATCH', `/scim/v2/Groups/${ID}`, { Operations: [] }, ['roles.write'], ['users.write']],
  ['DELETE', `/scim/v2/Groups/${ID}`, undefined, ['users.write'], ['users.write', 'roles.write']],
  ['POST', '/scim/v2/Bulk', { Operations: [] }, ['users.read'], ['users.write']],
]

describe('the SCIM routes refuse who may not', () => {
  it.each(SCIM_ROUTES)(
    '%s %s: 401 anonymous or with a cookie, 403 without the permission, SCIM errors',
    async (method, url, body, weak, enough) => {
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method,
          url,
          headers: {
            ...headers,
            ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        })
      const scimError = (status: number) => ({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: String(status),
      })
      const anonymous = await send({})
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json()).toMatchObject(scimError(401))
      const admin = await signIn(t, ADMIN.email, ADMIN.password)
      expect((await send({ cookie: admin })).statusCode).toBe(401)
      expect((await send({ authorization: 'Bearer gh_x' })).statusCode).toBe(401)
      const person = await createUser(t, { permissions: [...new Set([...weak, ...enough])] })
      const cookie = await signIn(t, person.email, person.password)
      const token = async (permissions: Permission[]) => {
        const made = await call(
          t,
          'POST',
          '/v1/tokens',
          { name: 'scim', roles: [], permissions, groupId: null, expiresAt: soon() },
          { cookie },
        )
        expect(made.statusCode, made.body).toBe(200)
        return made.json<{ results: { secret: string } }>().results.secret
      }
      if (weak.length > 0) {
        const refused = await send({ authorization: `Bearer ${await token(weak)}` })
        expect(refused.statusCode, refused.body).toBe(403)
        expect(refused.json()).toMatchObject(scimError(403))
      }
      // Past the guard: 200, or what the request itself deserves (an unknown id, a bad body).
      const allowed = await send({ authorization: `Bearer ${await token(enough)}` })
      expect([200, 400, 404], allowed.body).toContain(allowed.statusCode)
    },
  )
})
