import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { apiTokens } from '../../server/db/schema/access'
import { users } from '../../server/db/schema/users'
import { ADMIN, signIn, useTestApp } from './helper'
import {
  createScimUser,
  makeToken,
  personWithToken,
  SCIM,
  scim,
  scimError,
  type ScimUser,
  userBody,
} from './scim-support'

/*
 * Who may use /scim/v2 (docs/scim.md): an API token only, narrowed to its creator's access at
 * every request; users.write over all users; EXTERNAL creators see EXTERNAL users only. And the
 * protocol's own frame: discovery, media types, and SCIM's error schema for every failure.
 */

const t = useTestApp()

describe('SCIM authentication', () => {
  it('refuses a request without a token, with a bad one, or with a cookie: 401 and Bearer', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer gh_nothing' },
      { authorization: 'Basic YWRtaW46cGFzcw==' },
      { cookie: await signIn(t, ADMIN.email, ADMIN.password) },
    ]) {
      const response = await scim(t, undefined, 'GET', 'Users', undefined, headers)
      scimError(response, 401)
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/)
    }
  })

  it('refuses an expired token, a revoked one and one whose creator is disabled', async () => {
    const expired = await makeToken(t)
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id))
    scimError(await scim(t, expired.secret, 'GET', 'Users'), 401)

    const revoked = await makeToken(t)
    expect((await scim(t, revoked.secret, 'GET', 'Users')).statusCode).toBe(200)
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/v1/tokens/${revoked.id}`,
      headers: { cookie: revoked.cookie },
    })
    expect(gone.statusCode).toBe(200)
    scimError(await scim(t, revoked.secret, 'GET', 'Users'), 401)

    const { person, secret } = await personWithToken(t, ['users.write'])
    expect((await scim(t, secret, 'GET', 'Users')).statusCode).toBe(200)
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, person.id))
    scimError(await scim(t, secret, 'GET', 'Users'), 401)
  })

  it('needs users.write over all users, for reads too; a group-scoped token is refused', async () => {
    const { secret } = await personWithToken(t, ['users.read', 'roles.read'])
    for (const [method, url] of [
      ['GET', 'Users'],
      ['POST', 'Users'],
      ['GET', 'Groups'],
    ] as const) {
      const refused = scimError(
        await scim(t, secret, method, url, method === 'POST' ? userBody() : undefined),
        403,
      )
      expect(refused.detail).toMatch(/users\.write/)
    }

    const admin = await signIn(t, ADMIN.email, ADMIN.password)
    const group = await t.app.inject({
      method: 'POST',
      url: '/v1/groups',
      headers: { cookie: admin },
      payload: { name: 'Scoped SCIM', description: '' },
    })
    const groupId = group.json<{ results: { group: { id: string } } }>().results.group.id
    const scoped = await makeToken(t, { cookie: admin, permissions: ['users.write'], groupId })
    const refused = scimError(await scim(t, scoped.secret, 'GET', 'Users'), 403)
    expect(refused.detail).toMatch(/users\.write over all users/)
  })

  it('loses what its creator loses, at the next request', async () => {
    const { person, secret } = await personWithToken(t, ['users.write'])
    expect((await scim(t, secret, 'GET', 'Users')).statusCode).toBe(200)
    await t.db
      .update(users)
      .set({ permissions: ['users.read'], directPermissions: ['users.read'] })
      .where(eq(users.id, person.id))
    scimError(await scim(t, secret, 'GET', 'Users'), 403)
  })

  it('shows an EXTERNAL creator EXTERNAL users only, and lets it make EXTERNAL ones only', async () => {
    const admin = await makeToken(t)
    const internal = await createScimUser(t, admin.secret)
    const { secret } = await personWithToken(t, ['users.write'], 'EXTERNAL')

    const listed = (await scim(t, secret, 'GET', 'Users?count=200')).json<{
      Resources: ScimUser[]
      totalResults: number
    }>()
    expect(listed.Resources.every((user) => user.userType === 'EXTERNAL')).toBe(true)
    expect(listed.Resources.map((user) => user.id)).not.toContain(internal.id)
    const byFilter = await scim(
      t,
      secret,
      'GET',
      `Users?filter=${encodeURIComponent(`id eq "${internal.id}"`)}`,
    )
    expect(byFilter.json()).toMatchObject({ totalResults: 0, Resources: [] })
    scimError(await scim(t, secret, 'GET', `Users/${internal.id}`), 404)
    scimError(await scim(t, secret, 'DELETE', `Users/${internal.id}`), 404)
    scimError(
      await scim(t, secret, 'PUT', `Users/${internal.id}`, userBody({ active: false })),
      404,
    )

    const made = await createScimUser(t, secret)
    expect(made.userType).toBe('EXTERNAL')
    const refused = await scim(
      t,
      secret,
      'POST',
      'Users',
      userBody({
        'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User': { userType: 'INTERNAL' },
      }),
    )
    scimError(refused, 403)
  })

  it('never lets a token change its own creator', async () => {
    const { person, secret } = await personWithToken(t, ['users.write'])
    const self = await scim(t, secret, 'GET', `Users/${person.id}`)
    expect(self.statusCode).toBe(200)
    scimError(await scim(t, secret, 'DELETE', `Users/${person.id}`), 403)
    const [row] = await t.db.select().from(users).where(eq(users.id, person.id))
    expect(row?.disabledAt).toBeNull()
  })
})

describe('SCIM discovery', () => {
  it('describes what it supports', async () => {
    const { secret } = await makeToken(t)
    const config = await scim(t, secret, 'GET', 'ServiceProviderConfig')
    expect(config.statusCode).toBe(200)
    expect(config.headers['content-type']).toBe('application/scim+json; charset=utf-8')
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      bulk: { supported: true, maxOperations: 1000 },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: true },
      etag: { supported: true },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    })

    const types = (await scim(t, secret, 'GET', 'ResourceTypes')).json<{
      Resources: { id: string; endpoint: string }[]
    }>()
    expect(types.Resources.map((type) => type.endpoint)).toEqual(['/Users', '/Groups'])
    expect((await scim(t, secret, 'GET', 'ResourceTypes/Group')).json()).toMatchObject({
      id: 'Group',
      schema: 'urn:ietf:params:scim:schemas:core:2.0:Group',
    })
    scimError(await scim(t, secret, 'GET', 'ResourceTypes/Printer'), 404)

    const schemas = (await scim(t, secret, 'GET', 'Schemas')).json<{
      totalResults: number
      Resources: { id: string; attributes: { name: string }[] }[]
    }>()
    expect(schemas.Resources.map((schema) => schema.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:core:2.0:Group',
      'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User',
    ])
    const user = await scim(t, secret, 'GET', 'Schemas/urn:ietf:params:scim:schemas:core:2.0:User')
    expect(user.json<{ attributes: { name: string }[] }>().attributes.map((a) => a.name)).toContain(
      'userName',
    )
  })
})

describe('SCIM’s frame', () => {
  it('takes application/json too, refuses other media types (415) and bad JSON (400)', async () => {
    const { secret } = await makeToken(t)
    const asJson = await t.app.inject({
      method: 'POST',
      url: `${SCIM}/Users`,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify(userBody()),
    })
    expect(asJson.statusCode).toBe(201)
    expect(asJson.headers['content-type']).toBe('application/scim+json; charset=utf-8')

    const withCharset = await t.app.inject({
      method: 'POST',
      url: `${SCIM}/Users`,
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/scim+json; charset=utf-8',
      },
      payload: JSON.stringify(userBody()),
    })
    expect(withCharset.statusCode, withCharset.body).toBe(201)

    const text = await t.app.inject({
      method: 'POST',
      url: `${SCIM}/Users`,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/plain' },
      payload: 'hello',
    })
    scimError(text, 415)
    expect(scimError(await scim(t, secret, 'POST', 'Users', '{"userName":'), 400).scimType).toBe(
      'invalidSyntax',
    )
    expect(scimError(await scim(t, secret, 'POST', 'Users', '[1,2]'), 400).scimType).toBe(
      'invalidSyntax',
    )
  })

  it('answers unknown endpoints, oversized bodies and NUL in SCIM’s error schema', async () => {
    const { secret } = await makeToken(t)
    scimError(await scim(t, secret, 'GET', 'Printers'), 404)
    scimError(await scim(t, secret, 'DELETE', 'ServiceProviderConfig'), 404)
    scimError(
      await scim(t, secret, 'POST', 'Users', userBody({ padding: 'x'.repeat(1100 * 1024) })),
      413,
    )
    const nul = scimError(
      await scim(
        t,
        secret,
        'POST',
        'Users',
        userBody({ name: { givenName: 'a\u0000b', familyName: 'X' } }),
      ),
      400,
    )
    expect(nul.scimType).toBe('invalidValue')
    scimError(await scim(t, secret, 'GET', 'Users/not-an-id'), 404)
  })

  it('creates a user only once per address though two clients race', async () => {
    const { secret } = await makeToken(t)
    const body = userBody()
    const answers = await Promise.all([
      scim(t, secret, 'POST', 'Users', body),
      scim(t, secret, 'POST', 'Users', { ...body, externalId: 'other-one' }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
  })
})
