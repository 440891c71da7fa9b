import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Permission } from '../../schema/permissions'
import { SCIM_SCHEMAS } from '../../schema/scim'
import { createUser } from './fixtures'
import { ADMIN, signIn, type TestApp } from './helper'

/** What SCIM tests share: tokens made the way a person makes them, and calls that carry them. */

export const SCIM = '/scim/v2'
const soon = () => new Date(Date.now() + 7 * 864e5).toISOString()

export interface TokenOptions {
  /** Who makes the token: the administrator by default. */
  cookie?: string
  permissions?: Permission[]
  roles?: string[]
  groupId?: string | null
  name?: string
}

/** A token made through POST /v1/tokens; answers its secret and id. */
export async function makeToken(t: TestApp, options: TokenOptions = {}) {
  const cookie = options.cookie ?? (await signIn(t, ADMIN.email, ADMIN.password))
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/tokens',
    headers: { cookie },
    payload: {
      name: options.name ?? 'Provisioning',
      roles: options.roles ?? [],
      permissions: options.permissions ?? [
        'users.read',
        'users.write',
        'users.access',
        'roles.read',
        'roles.write',
      ],
      groupId: options.groupId ?? null,
      expiresAt: soon(),
    },
  })
  expect(made.statusCode, made.body).toBe(200)
  const { secret, token } = made.json<{ results: { secret: string; token: { id: string } } }>()
    .results
  return { secret, id: token.id, cookie }
}

/** A person with these permissions, signed in, and their token carrying the same. */
export async function personWithToken(
  t: TestApp,
  permissions: Permission[],
  type: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL',
) {
  const person = await createUser(t, { permissions, type })
  const cookie = await signIn(t, person.email, person.password)
  const { secret } = await makeToken(t, { cookie, permissions })
  return { person, cookie, secret }
}

/** A SCIM call with the token (and application/scim+json for a body). */
export function scim(
  t: TestApp,
  secret: string | undefined,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: url.startsWith('/') ? url : `${SCIM}/${url}`,
    remoteAddress: '127.0.0.1',
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      ...headers,
    },
    ...(body === undefined
      ? {}
      : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
}

let counter = 0

/** A SCIM User body with a fresh address. */
export function userBody(fields: Record<string, unknown> = {}) {
  counter += 1
  const id = `${Date.now().toString(36)}${counter}`
  return {
    schemas: [SCIM_SCHEMAS.user],
    userName: `Scim.${id}@Example.com`,
    name: { givenName: 'Ada', familyName: `Lovelace${counter}` },
    externalId: `ext-${id}`,
    ...fields,
  }
}

/** The SCIM error body of a failed answer, checked for shape. */
export function scimError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/scim\+json/)
  const body = response.json<{
    schemas: string[]
    status: string
    scimType?: string
    detail: string
  }>()
  expect(body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error'])
  expect(body.status).toBe(String(status))
  expect(body.detail).toEqual(expect.any(String))
  return body
}

export interface ScimUser {
  id: string
  userName: string
  externalId?: string
  active: boolean
  name: { givenName: string; familyName: string }
  phoneNumbers?: { value: string; type: string }[]
  emails: { value: string }[]
  userType?: string
  meta: { version: string; location: string; created: string; lastModified: string }
}

/** Creates a user through SCIM and answers it. */
export async function createScimUser(
  t: TestApp,
  secret: string,
  fields: Record<string, unknown> = {},
): Promise<ScimUser> {
  const response = await scim(t, secret, 'POST', 'Users', userBody(fields))
  expect(response.statusCode, response.body).toBe(201)
  return response.json<ScimUser>()
}
