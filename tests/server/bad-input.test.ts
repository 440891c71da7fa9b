import { count } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { attributeKeys } from '../../server/db/schema/attributes'
import { auditLog } from '../../server/db/schema/audit'
import { services } from '../../server/db/schema/services'
import { MAX_JSON_DEPTH } from '../../server/plugins/json-body'
import { ADMIN, call, signIn, useTestApp } from './helper'

const t = useTestApp()
let admin = ''

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

type Answer = { statusCode: number; body: string; json: <T>() => T }

function expectRefused(response: Answer, status: number, message: RegExp) {
  expect(response.statusCode, response.body).toBe(status)
  const body = response.json<{ success: boolean; error: { code: number; message: string } }>()
  expect(body.success).toBe(false)
  expect(body.error.code).toBe(status >= 500 ? 1000 : 1001)
  expect(body.error.message).toMatch(message)
}

const rows = async () => ({
  audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n,
  services: (await t.db.select({ n: count() }).from(services))[0]?.n,
  keys: (await t.db.select({ n: count() }).from(attributeKeys))[0]?.n,
})

const unsafe = /must not contain NUL or unpaired surrogate characters/

describe('NUL and unpaired surrogates', () => {
  it.each([
    ['NUL', 'a\u0000b@example.com'],
    ['a lone high surrogate', '\ud800@example.com'],
    ['a lone low surrogate', 'a\udc00@example.com'],
  ])('POST /v1/login with %s in the username → 400 naming it, nothing written', async (_, name) => {
    const before = await rows()
    const response = await call(t, 'POST', '/v1/login', { username: name, password: 'x' })
    expectRefused(response, 400, new RegExp(`^username ${unsafe.source}`))
    expect(await rows()).toEqual(before)
  })

  it('keeps well-formed pairs (emoji) as they are', async () => {
    const response = await call(t, 'POST', '/v1/login', {
      username: '\ud83d\ude00@example.com',
      password: 'x',
    })
    expect(response.statusCode, response.body).toBe(401)
  })

  it('names nested fields and object keys', async () => {
    const response = await call(t, 'POST', '/v1/service', { key: 'a\u0000' }, { cookie: admin })
    expectRefused(response, 400, new RegExp(`^key ${unsafe.source}`))
    const record = await call(
      t,
      'POST',
      '/v1/record/AttributeKey',
      { record: { name: 'Colour\u0000', type: 'ROOT' } },
      { cookie: admin },
    )
    expectRefused(record, 400, new RegExp(`^record.name ${unsafe.source}`))
  })

  it.each([
    ['name', { key: 'svc-nul-name', name: 'A\u0000' }],
    ['description', { key: 'svc-nul-description', description: '\udfff' }],
  ])('POST /v1/service with one in the %s → 400, no service', async (field, body) => {
    const before = await rows()
    const response = await call(t, 'POST', '/v1/service', body, { cookie: admin })
    expectRefused(response, 400, new RegExp(`^${field} ${unsafe.source}`))
    expect(await rows()).toEqual(before)
  })

  it('GET /v1/attributeValues/%00 → 400 naming the parameter', async () => {
    const response = await call(t, 'GET', '/v1/attributeValues/%00', undefined, { cookie: admin })
    expectRefused(response, 400, new RegExp(`^refId ${unsafe.source}`))
  })

  it('checks query strings too', async () => {
    const response = await call(t, 'GET', '/v1/self?x=%00', undefined, { cookie: admin })
    expectRefused(response, 400, new RegExp(`^x ${unsafe.source}`))
  })
})

describe('bytes that are not UTF-8', () => {
  const json = (before: string, bytes: number[], after: string) =>
    Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)])

  it.each([
    ['a broken pair (C3 28)', [0xc3, 0x28]],
    ['a lone FF', [0xff]],
    ['an overlong slash (C0 AF)', [0xc0, 0xaf]],
    ['an encoded surrogate (ED A0 80)', [0xed, 0xa0, 0x80]],
    ['a truncated sequence (E2 82)', [0xe2, 0x82]],
  ])('refuses %s in a JSON body with 400 instead of storing U+FFFD', async (_, bytes) => {
    const before = await rows()
    const response = await call(
      t,
      'POST',
      '/v1/service',
      json('{"key":"svc-utf8","name":"A', bytes, '"}'),
      { cookie: admin, headers: { 'content-type': 'application/json' } },
    )
    expectRefused(response, 400, /^The request body is not valid UTF-8 text\.$/)
    expect(await rows()).toEqual(before)
  })

  it('keeps well-formed UTF-8, and a byte order mark, as before', async () => {
    const text = json('\ufeff{"key":"svc-utf8-ok","name":"Café ', [0xf0, 0x9f, 0x98, 0x80], '"}')
    const response = await call(t, 'POST', '/v1/service', text, {
      cookie: admin,
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<{ results: { service: { name: string } } }>().results.service.name).toBe(
      'Café 😀',
    )
  })

  it.each(['%C3%28', '%FF', '%C0%AF', '%ED%A0%80', '%E0%A4%A', '%zz'])(
    'refuses a query string with %s with 400, as a path with it is',
    async (escape) => {
      const response = await call(t, 'GET', `/v1/self?x=${escape}`, undefined, { cookie: admin })
      expectRefused(response, 400, /query string has malformed %-encoding/)
      const timeline = await call(t, 'GET', `/v1/user/x/timeline?before=${escape}`, undefined, {
        cookie: admin,
      })
      expectRefused(timeline, 400, /query string has malformed %-encoding/)
    },
  )

  it('takes a well-encoded query string as before', async () => {
    const response = await call(t, 'GET', '/v1/self?x=caf%C3%A9+au+lait&y=%25C3%2528', undefined, {
      cookie: admin,
    })
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('deep and large bodies', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels with 400 before validating`, async () => {
    const response = await call(t, 'POST', '/v1/login', `{"username":${nested(MAX_JSON_DEPTH)}}`, {
      headers: { 'content-type': 'application/json' },
    })
    expectRefused(response, 400, new RegExp(`nests deeper than ${MAX_JSON_DEPTH} levels`))
  })

  it('accepts one level less (and lets the schema judge it)', async () => {
    const response = await call(
      t,
      'POST',
      '/v1/login',
      `{"username":${nested(MAX_JSON_DEPTH - 1)}}`,
      { headers: { 'content-type': 'application/json' } },
    )
    expectRefused(response, 400, /username must be string/)
  })

  it('refuses a 5,000-deep attribute-tree import with 422, not a validator crash', async () => {
    let node = '{"keyRef":"k","includeWhen":[],"children":[]}'
    for (let level = 0; level < 5000; level++)
      node = `{"keyRef":"k","includeWhen":[],"children":[${node}]}`
    const tree = `{"tree":{"format":"gatehouse.attribute-tree","version":1,"keys":[],"root":${node}}}`
    const before = await rows()
    const response = await call(t, 'POST', '/v1/attributeTree', tree, {
      cookie: admin,
      headers: { 'content-type': 'application/json' },
    })
    expectRefused(response, 422, /^Tree: at most \d+ levels can be imported/)
    expect(await rows()).toEqual(before)
  })

  it('refuses an attribute-tree import past its 8 MB limit with 413', async () => {
    const response = await call(
      t,
      'POST',
      '/v1/attributeTree',
      { tree: { padding: 'x'.repeat(8 * 1024 * 1024) } },
      { cookie: admin },
    )
    expectRefused(response, 413, /too large/)
  })
})
