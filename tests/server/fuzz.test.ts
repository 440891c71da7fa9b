import type { InjectOptions } from 'fastify'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../../server/plugins/route-table'
import { ADMIN, signIn, useTestApp } from './helper'

/*
 * Every route, as the app declares it, gets hostile input in its path, query and body, signed in as
 * the administrator and anonymous: NUL, unpaired surrogates, bad %-encoding, over-long parameters,
 * deep nesting, oversized bodies, wrong types, broken JSON and multipart. Whatever a route makes of
 * it, the answer is a 4xx (never 5xx) and the envelope. Every probe is refused before a handler
 * acts, so the administrator's session and data survive the run.
 */

const t = useTestApp()
let admin = ''
let adminId = ''

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  const self = await t.app.inject({ method: 'GET', url: '/v1/self', headers: { cookie: admin } })
  adminId = self.json<{ results: { user: { id: string } } }>().results.user.id
})

/*
 * Bodies a route accepts, where TypeBox cannot make one (patterns, rules past the schema): with
 * every other field right, a bad string reaches as far as it can. Nothing is written, because each
 * probe spoils one field.
 */
const EXAMPLES: Record<string, Record<string, unknown>> = {
  'POST /v1/login': { username: 'someone@example.com', password: 'Some#Password1' },
  'POST /v1/service': { key: 'fuzz', name: 'Fuzz', description: 'd', url: 'https://example.com' },
  'POST /v1/record/AttributeKey': { record: { name: 'Fuzz', type: 'ROOT' } },
  'PUT /v1/user/:id/name': { nameFirst: 'Fuzz', nameLast: 'Fuzz' },
  'POST /v1/webhooks': { url: 'https://hooks.example.com/in', description: 'd', events: ['*'] },
}

interface Probe {
  what: string
  method: InjectOptions['method']
  url: string
  payload?: string | Buffer
  contentType?: string
}

const NUL = 'a\u0000b'
const SURROGATE = 'a\ud800b'
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** A value the schema accepts, when TypeBox can make one; an empty object otherwise. */
function sample(schema: unknown): Record<string, unknown> {
  try {
    const value: unknown = Value.Create(schema as TSchema)
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Dotted paths of every string in `value`, and of the schema's own top-level properties. */
function textPaths(value: unknown, schema: unknown, prefix: string[] = []): string[][] {
  const paths: string[][] = []
  if (typeof value === 'string') paths.push(prefix)
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      paths.push(...textPaths(child, undefined, [...prefix, key]))
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties
  for (const key of Object.keys(properties ?? {}))
    if (!paths.some((path) => path.length === 1 && path[0] === key)) paths.push([key])
  return paths
}

function withValue(base: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(base)
  let node: Record<string, unknown> = copy
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  node[path.at(-1)!] = value
  return copy
}

function multipart() {
  const boundary = '----gatehousefuzz'
  const part = (head: string, data: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n${data}\r\n`
  const body = [
    part('name="id"', NUL),
    part('name="filename"', NUL),
    part(`name="image"; filename="${NUL}.png"\r\nContent-Type: image/png`, 'not a png'),
    `--${boundary}--\r\n`,
  ].join('')
  return { payload: body, contentType: `multipart/form-data; boundary=${boundary}` }
}

function probesFor(route: RouteEntry): Probe[] {
  const { method, schema } = route
  const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!)
  const at = (values: Record<string, string> = {}) =>
    route.url.replace(
      /:(\w+)/g,
      (_, name: string) => values[name] ?? (name === 'id' ? adminId : 'x'),
    )
  const probes: Probe[] = []
  for (const name of params)
    for (const [what, value] of <[string, string][]>[
      ['NUL', '%00'],
      ['bad %-encoding', '%E0%A4%A'],
      ['an encoded surrogate', '%ED%A0%80'],
      ['300 characters', 'x'.repeat(300)],
    ])
      probes.push({ what: `param ${name}: ${what}`, method, url: at({ [name]: value }) })

  const queryNames = Object.keys(
    (schema?.querystring as { properties?: object } | undefined)?.properties ?? { q: 0 },
  )
  for (const name of queryNames)
    probes.push({ what: `query ${name}: NUL`, method, url: `${at()}?${name}=%00` })

  if (method === 'GET' || method === 'HEAD') return probes
  const json = (what: string, body: unknown): Probe => ({
    what,
    method,
    url: at(),
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    contentType: 'application/json',
  })
  const base = EXAMPLES[`${method} ${route.url}`] ?? sample(schema?.body)
  for (const path of textPaths(base, schema?.body)) {
    probes.push(json(`body ${path.join('.')}: NUL`, withValue(base, path, NUL)))
    probes.push(json(`body ${path.join('.')}: surrogate`, withValue(base, path, SURROGATE)))
  }
  // Wrong types only where a schema would refuse them: a route without one might act on them.
  if (schema?.body)
    for (const key of Object.keys(base).length > 0 ? Object.keys(base) : ['x'])
      for (const wrong of [null, 12345, {}, [[]]])
        probes.push(json(`body ${key}: ${JSON.stringify(wrong)}`, { ...base, [key]: wrong }))
  probes.push(json('a NUL in a key', { ...base, [NUL]: 'x' }))
  probes.push(json('20,000 levels deep', `{"x":${nested(20_000)}}`))
  probes.push(json('70 KB', { ...base, padding: 'x'.repeat(70 * 1024) }))
  probes.push(json('broken JSON', '{"x":'))
  probes.push(json('a bare string', '"\\u0000"'))
  probes.push({ what: 'multipart with NUL', method, url: at(), ...multipart() })
  return probes
}

const signedIn = async () =>
  (await t.app.inject({ method: 'GET', url: '/v1/self', headers: { cookie: admin } }))
    .statusCode === 200

const isEnvelope = (body: unknown, failed: boolean) => {
  const answer = body as { success?: unknown; error?: { code?: unknown; message?: unknown } }
  if (!failed) return answer.success === true
  return (
    answer.success === false &&
    Number.isInteger(answer.error?.code) &&
    typeof answer.error?.message === 'string'
  )
}

describe.each([
  ['the administrator', () => admin],
  ['anonymous', () => ''],
])('every route, as %s', (_, cookie) => {
  it('answers hostile input with a 4xx envelope, never a 5xx', async () => {
    const routes = t.app.routeTable.filter(
      (route) => route.url.startsWith('/v1/') && route.method !== 'HEAD',
    )
    expect(routes.length).toBeGreaterThan(50)
    const problems: string[] = []
    let sent = 0
    for (const route of routes) {
      // A probe a route accepts (it may end sessions) must not leave the rest anonymous.
      if (cookie() && !(await signedIn())) admin = await signIn(t, ADMIN.email, ADMIN.password)
      for (const probe of probesFor(route)) {
        sent++
        const response = await t.app.inject({
          method: probe.method,
          url: probe.url,
          remoteAddress: '127.0.0.1',
          headers: {
            ...(cookie() ? { cookie: cookie() } : {}),
            ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
          },
          ...(probe.payload === undefined ? {} : { payload: probe.payload }),
        })
        let body: unknown
        try {
          body = response.json()
        } catch {
          body = undefined
        }
        const label = `${route.method} ${route.url} (${probe.what}) → ${response.statusCode}`
        if (response.statusCode >= 500) problems.push(`${label} ${response.body.slice(0, 200)}`)
        else if (!isEnvelope(body, response.statusCode >= 400))
          problems.push(`${label} not the envelope: ${response.body.slice(0, 200)}`)
      }
    }
    expect(problems).toEqual([])
    expect(sent).toBeGreaterThan(500)
    // A thousand requests take a few seconds; the margin is for a loaded machine.
  }, 60_000)
})

/*
 * SCIM (docs/scim.md) answers in its own error schema, not the envelope: the same probes, with
 * an administrator's API token and without one, get a 4xx SCIM error (never a 5xx).
 */
const isScimAnswer = (body: unknown, status: number) => {
  if (status < 400) return status === 204 || status === 304 || typeof body === 'object'
  const answer = body as { schemas?: unknown; status?: unknown; detail?: unknown }
  return (
    Array.isArray(answer.schemas) &&
    answer.schemas.includes('urn:ietf:params:scim:api:messages:2.0:Error') &&
    answer.status === String(status) &&
    typeof answer.detail === 'string'
  )
}

describe('every SCIM route', () => {
  let bearer = ''
  beforeAll(async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/tokens',
      headers: { cookie: await signIn(t, ADMIN.email, ADMIN.password) },
      payload: {
        name: 'fuzz',
        roles: [],
        permissions: ['users.read', 'users.write', 'users.access', 'roles.read', 'roles.write'],
        groupId: null,
        expiresAt: new Date(Date.now() + 864e5).toISOString(),
      },
    })
    bearer = made.json<{ results: { secret: string } }>().results.secret
  })

  it.each([
    ['with a token', () => bearer],
    ['anonymous', () => ''],
  ])(
    'answers hostile input %s with a 4xx SCIM error, never a 5xx',
    async (_, token) => {
      const routes = t.app.routeTable.filter(
        (route) => route.url.startsWith('/scim/v2/') && route.method !== 'HEAD',
      )
      expect(routes.length).toBeGreaterThan(15)
      const problems: string[] = []
      for (const route of routes)
        for (const probe of probesFor(route)) {
          const response = await t.app.inject({
            method: probe.method,
            url: probe.url,
            remoteAddress: '127.0.0.1',
            headers: {
              ...(token() ? { authorization: `Bearer ${token()}` } : {}),
              ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
            },
            ...(probe.payload === undefined ? {} : { payload: probe.payload }),
          })
          let body: unknown
          try {
            body = response.body === '' ? undefined : response.json()
          } catch {
            body = undefined
          }
          const label = `${route.method} ${route.url} (${probe.what}) → ${response.statusCode}`
          if (response.statusCode >= 500) problems.push(`${label} ${response.body.slice(0, 200)}`)
          else if (!isScimAnswer(body, response.statusCode))
            problems.push(`${label} not SCIM's answer: ${response.body.slice(0, 200)}`)
        }
      expect(problems).toEqual([])
    },
    60_000,
  )
})
