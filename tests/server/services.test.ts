import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Permission } from '../../schema/permissions'
import type { Service } from '../../schema/service'
import { auditLog } from '../../server/db/schema/audit'
import { services } from '../../server/db/schema/services'
import { call, signIn, useTestApp } from './helper'
import { createUser } from './fixtures'
import { pull, pullUntil } from './sync-helper'

const t = useTestApp()
const NOBODY = '01900000-0000-7000-8000-00000000abcd'

let writer: string
let reader: string
let plain: string
let serial = 0

async function cookieWith(permissions: Permission[]) {
  const user = await createUser(t, { permissions })
  return signIn(t, user.email, user.password)
}

beforeAll(async () => {
  writer = await cookieWith(['services.read', 'services.write'])
  reader = await cookieWith(['services.read'])
  plain = await cookieWith([])
})

interface ServiceAnswer {
  success: true
  results: { service: Service }
}
interface FailureAnswer {
  success: false
  error: { code: number; message: string }
}

const uniqueKey = (prefix = 'svc') => `${prefix}-${++serial}-${Date.now().toString(36)}`

const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  cookie: string | undefined = writer,
) => call(t, method, url, body, cookie ? { cookie } : {})

async function create(body: Record<string, unknown> = {}): Promise<Service> {
  const response = await send('POST', '/v1/service', { key: uniqueKey(), ...body })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ServiceAnswer>().results.service
}

const put = (id: string, field: string, body: unknown, cookie?: string) =>
  send('PUT', `/v1/service/${id}/${field}`, body, cookie)

function expectFailure(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  message?: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(status)
  const body = response.json<FailureAnswer>()
  expect(body.success).toBe(false)
  if (message instanceof RegExp) expect(body.error.message).toMatch(message)
  else if (message !== undefined) expect(body.error.message).toBe(message)
  return body.error
}

const auditOf = (serviceId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.detail} ->> 'serviceId' = ${serviceId}`)
    .orderBy(auditLog.at)

describe('POST /v1/service', () => {
  it('registers a service with every field and answers results.service', async () => {
    const key = uniqueKey('portal')
    const response = await send('POST', '/v1/service', {
      key,
      name: 'Patient Portal',
      description: 'Appointments and results',
      url: 'https://portal.example.com/app',
      accessTokenTimeout: 4,
      refreshTokenTimeout: 45,
    })
    expect(response.statusCode).toBe(200)
    const { service } = response.json<ServiceAnswer>().results
    expect(response.json()).toEqual({
      success: true,
      results: {
        service: {
          id: service.id,
          createdAt: service.createdAt,
          updatedAt: service.updatedAt,
          key,
          name: 'Patient Portal',
          description: 'Appointments and results',
          url: 'https://portal.example.com/app',
          accessTokenTimeout: 4,
          refreshTokenTimeout: 45,
          hasLogo: false,
          deleted: false,
          // The OpenID Connect client fields start empty, public and first-party (docs/sso.md).
          redirectUris: [],
          postLogoutRedirectUris: [],
          clientType: 'public',
          firstParty: true,
          backchannelLogoutUri: '',
          requireMfa: false,
        },
      },
    })
    expect(service.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(new Date(service.createdAt).toISOString()).toBe(service.createdAt)
    const audit = await auditOf(service.id)
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'service.created',
        outcome: 'success',
        ip: '127.0.0.1',
        detail: { serviceId: service.id, key, name: 'Patient Portal' },
      }),
    ])
  })

  it('needs only a key: the name becomes the key, the timeouts default to 1 and 30', async () => {
    for (const rest of [{}, { name: '', description: '', url: '' }, { name: '   ', url: '  ' }]) {
      const key = uniqueKey()
      const response = await send('POST', '/v1/service', { key: `  ${key} `, ...rest })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<ServiceAnswer>().results.service).toMatchObject({
        key,
        name: key,
        description: '',
        url: '',
        accessTokenTimeout: 1,
        refreshTokenTimeout: 30,
        hasLogo: false,
        deleted: false,
      })
    }
  })

  it('refuses null for any field with 400: absent means the default, null is a wrong type', async () => {
    for (const field of [
      'name',
      'description',
      'url',
      'accessTokenTimeout',
      'refreshTokenTimeout',
    ]) {
      const response = await send('POST', '/v1/service', { key: uniqueKey(), [field]: null })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json<{ error: { code: number; message: string } }>().error).toMatchObject({
        code: 1001,
        message: expect.stringMatching(new RegExp(`^${field} `)) as string,
      })
    }
  })

  it('trims the name, description and url it keeps', async () => {
    const service = await create({
      name: ' Billing ',
      description: ' Pays ',
      url: ' http://b.test ',
    })
    expect(service).toMatchObject({ name: 'Billing', description: 'Pays', url: 'http://b.test' })
  })

  it('refuses a key that is missing (400), empty (422) or not a slug (422)', async () => {
    expectFailure(await send('POST', '/v1/service', { name: 'No key' }), 400, 'key is required.')
    for (const key of ['', '   ']) {
      const error = expectFailure(await send('POST', '/v1/service', { key }), 422, 'Key: Required.')
      expect(error.code).toBe(1001)
    }
    for (const key of ['two words', 'slash/key', '-leading', 'ümlaut', 'a;b']) {
      expectFailure(
        await send('POST', '/v1/service', { key }),
        422,
        'Key: Use letters, digits, dots, dashes and underscores only, starting with a letter or digit.',
      )
    }
    expectFailure(
      await send('POST', '/v1/service', { key: 'k'.repeat(65) }),
      400,
      'key must not have more than 64 characters.',
    )
    expect(
      (await send('POST', '/v1/service', { key: `A1.b_c-${'k'.repeat(50)}` })).statusCode,
    ).toBe(200)
  })

  it('refuses a url that is not an absolute http(s) URL with 422', async () => {
    for (const url of [
      'portal.example.com',
      'ftp://files.example.com',
      'javascript:alert(1)',
      'https://',
      'http://a b.com',
    ]) {
      expectFailure(
        await send('POST', '/v1/service', { key: uniqueKey(), url }),
        422,
        'URL: Must be an absolute http:// or https:// URL.',
      )
    }
  })

  it('refuses wrong types, unknown fields and timeouts out of range with 400', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ key: 5 }, /^key /],
      [{ key: uniqueKey(), name: 7 }, /^name /],
      [{ key: uniqueKey(), accessTokenTimeout: 0 }, /^accessTokenTimeout /],
      [{ key: uniqueKey(), accessTokenTimeout: 11 }, /^accessTokenTimeout /],
      [{ key: uniqueKey(), refreshTokenTimeout: 61 }, /^refreshTokenTimeout /],
      [{ key: uniqueKey(), refreshTokenTimeout: 1.5 }, /^refreshTokenTimeout /],
      [{ key: uniqueKey(), accessTokenTimeout: '5' }, /^accessTokenTimeout /],
      [{ key: uniqueKey(), hasLogo: true }, /^hasLogo is not an allowed field\.$/],
      [{ key: uniqueKey(), name: 'n'.repeat(101) }, /^name must not have more than 100/],
    ]
    for (const [body, message] of cases) {
      const error = expectFailure(await send('POST', '/v1/service', body), 400, message)
      expect(error.code).toBe(1001)
    }
    expectFailure(await send('POST', '/v1/service', [1, 2]), 400)
  })

  it('answers 409 naming the key when it is taken, by a deleted service too', async () => {
    const taken = await create()
    const message = `The key '${taken.key}' is already used by another service.`
    expectFailure(await send('POST', '/v1/service', { key: taken.key }), 409, message)
    await send('DELETE', `/v1/service/${taken.id}`)
    expectFailure(await send('POST', '/v1/service', { key: ` ${taken.key}` }), 409, message)
  })

  /** Waits until a connection of this database waits for a lock (PostgreSQL only). */
  async function waitForLockWaiter() {
    for (let tries = 0; tries < 200; tries++) {
      const result = await t.db.execute(sql`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`)
      const [row] = (result as { rows: { waiting: number }[] }).rows
      if (row && row.waiting > 0) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error('the request never waited on the key’s unique index')
  }

  // PGlite has one connection, so only PostgreSQL can hold a transaction open beside a request.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 409 when the unique index catches a key claimed after the check',
    async () => {
      const key = uniqueKey('index')
      let answer: Promise<Awaited<ReturnType<typeof call>>> | undefined
      await t.db.transaction(async (tx) => {
        await tx.insert(services).values({ key, name: 'Claimed first' })
        // The request's own check cannot see this uncommitted row; its insert waits on the index.
        answer = send('POST', '/v1/service', { key })
        await waitForLockWaiter()
      })
      expectFailure(await answer!, 409, `The key '${key}' is already used by another service.`)
    },
  )

  it('lets exactly one of two simultaneous creates have a key', async () => {
    const key = uniqueKey('race')
    const answers = await Promise.all([
      send('POST', '/v1/service', { key, name: 'One' }),
      send('POST', '/v1/service', { key, name: 'Two' }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const lost = answers.find((a) => a.statusCode === 409)!
    expectFailure(lost, 409, `The key '${key}' is already used by another service.`)
  })
})

describe('PUT /v1/service/:id/<field>', () => {
  it('changes each field, answers results.service and audits what changed', async () => {
    const service = await create({ name: 'Before', description: 'Old', url: 'https://old.test' })
    const newKey = uniqueKey('renamed')
    const changes: [string, string | number][] = [
      ['name', 'After'],
      ['description', 'New words'],
      ['key', newKey],
      ['url', 'http://new.test:8080/path?q=1'],
      ['accessTokenTimeout', 10],
      ['refreshTokenTimeout', 60],
    ]
    let updatedAt = service.updatedAt
    for (const [field, value] of changes) {
      const response = await put(service.id, field, { [field]: value })
      expect(response.statusCode, response.body).toBe(200)
      const changed = response.json<ServiceAnswer>().results.service
      expect(changed).toMatchObject({ id: service.id, [field]: value })
      expect(changed.updatedAt >= updatedAt).toBe(true)
      updatedAt = changed.updatedAt
    }
    const audit = await auditOf(service.id)
    expect(audit.map((row) => [row.action, row.detail?.field])).toEqual([
      ['service.created', undefined],
      ['service.updated', 'name'],
      ['service.updated', 'description'],
      ['service.updated', 'key'],
      ['service.updated', 'url'],
      ['service.updated', 'accessTokenTimeout'],
      ['service.updated', 'refreshTokenTimeout'],
    ])
    expect(audit[3]?.detail).toEqual({
      serviceId: service.id,
      key: service.key,
      field: 'key',
      from: service.key,
      to: newKey,
    })
    expect(audit[5]?.detail).toMatchObject({ from: 1, to: 10 })
  })

  it('trims text, and writes nothing when the value is the same', async () => {
    const service = await create({ name: 'Same' })
    const response = await put(service.id, 'name', { name: '  Same  ' })
    expect(response.json<ServiceAnswer>().results.service).toEqual(service)
    const kept = await put(service.id, 'key', { key: service.key })
    expect(kept.statusCode).toBe(200)
    expect((await auditOf(service.id)).map((row) => row.action)).toEqual(['service.created'])
  })

  it('requires name, description, key and url when editing (422)', async () => {
    const service = await create({ description: 'd', url: 'https://x.test' })
    for (const [field, label] of [
      ['name', 'Name'],
      ['description', 'Description'],
      ['key', 'Key'],
      ['url', 'URL'],
    ]) {
      for (const value of ['', '  ']) {
        expectFailure(
          await put(service.id, field!, { [field!]: value }),
          422,
          `${label}: Required.`,
        )
      }
    }
    expectFailure(
      await put(service.id, 'url', { url: 'mailto:a@b.test' }),
      422,
      'URL: Must be an absolute http:// or https:// URL.',
    )
    expectFailure(await put(service.id, 'key', { key: 'has space' }), 422, /^Key: Use letters/)
  })

  it('keeps timeouts within access 1–10 and refresh 1–60, integers only (400)', async () => {
    const service = await create()
    for (const [field, value] of [
      ['accessTokenTimeout', 0],
      ['accessTokenTimeout', 11],
      ['accessTokenTimeout', 2.5],
      ['accessTokenTimeout', '3'],
      ['accessTokenTimeout', null],
      ['refreshTokenTimeout', 0],
      ['refreshTokenTimeout', 61],
    ] as const) {
      expectFailure(await put(service.id, field, { [field]: value }), 400, new RegExp(`^${field} `))
    }
    for (const [field, value] of [
      ['accessTokenTimeout', 1],
      ['refreshTokenTimeout', 1],
      ['refreshTokenTimeout', 60],
    ] as const) {
      expect((await put(service.id, field, { [field]: value })).statusCode).toBe(200)
    }
  })

  it('refuses a body that does not carry the field of the path, or carries more (400)', async () => {
    const service = await create()
    expectFailure(await put(service.id, 'name', { description: 'x' }), 400, /name is required/)
    expectFailure(await put(service.id, 'name', {}), 400, 'name is required.')
    expectFailure(
      await put(service.id, 'name', { name: 'x', key: 'y' }),
      400,
      'key is not an allowed field.',
    )
    expectFailure(await put(service.id, 'name', { name: 3 }), 400, /^name /)
    expectFailure(await put(service.id, 'description', ['text']), 400)
  })

  it('answers 409 naming the key when renaming to a taken key', async () => {
    const [one, two] = [await create(), await create()]
    expectFailure(
      await put(two.id, 'key', { key: one.key }),
      409,
      `The key '${one.key}' is already used by another service.`,
    )
    expect((await auditOf(two.id)).map((row) => row.action)).toEqual(['service.created'])
  })

  it('lets exactly one of two simultaneous renames take a key', async () => {
    const [one, two] = [await create(), await create()]
    const key = uniqueKey('race')
    const answers = await Promise.all([put(one.id, 'key', { key }), put(two.id, 'key', { key })])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const lost = answers.find((a) => a.statusCode === 409)!
    expectFailure(lost, 409, `The key '${key}' is already used by another service.`)
  })

  it('answers 404 for an unknown service and 400 for a bad id', async () => {
    expectFailure(await put(NOBODY, 'name', { name: 'x' }), 404, 'There is no such service.')
    const error = expectFailure(await put('not-a-uuid', 'name', { name: 'x' }), 400, /^id /)
    expect(error.code).toBe(1001)
  })

  it('refuses to edit a deleted service until it is restored (409)', async () => {
    const service = await create()
    await send('DELETE', `/v1/service/${service.id}`)
    expectFailure(
      await put(service.id, 'name', { name: 'Changed' }),
      409,
      'Restore the service before editing it.',
    )
    await send('PUT', `/v1/service/${service.id}/restore`)
    expect((await put(service.id, 'name', { name: 'Changed' })).statusCode).toBe(200)
  })
})

describe('DELETE /v1/service/:id and PUT /v1/service/:id/restore', () => {
  it('soft deletes and restores, idempotently, auditing each change once', async () => {
    const service = await create()
    for (let i = 0; i < 2; i++) {
      const deleted = await send('DELETE', `/v1/service/${service.id}`)
      expect(deleted.statusCode).toBe(200)
      expect(deleted.json()).toMatchObject({
        success: true,
        results: { service: { id: service.id, key: service.key, deleted: true } },
      })
    }
    for (let i = 0; i < 2; i++) {
      const restored = await send('PUT', `/v1/service/${service.id}/restore`)
      expect(restored.statusCode).toBe(200)
      expect(restored.json()).toMatchObject({
        results: { service: { id: service.id, deleted: false } },
      })
    }
    const audit = await auditOf(service.id)
    expect(audit.map((row) => row.action)).toEqual([
      'service.created',
      'service.deleted',
      'service.restored',
    ])
    expect(audit[1]?.detail).toEqual({ serviceId: service.id, key: service.key })
  })

  it('answers 404 for an unknown service and 400 for a bad id', async () => {
    expectFailure(await send('DELETE', `/v1/service/${NOBODY}`), 404)
    expectFailure(await send('PUT', `/v1/service/${NOBODY}/restore`), 404)
    expectFailure(await send('DELETE', '/v1/service/123'), 400)
    expectFailure(await send('PUT', '/v1/service/123/restore'), 400)
  })
})

describe('permissions', () => {
  it('needs a session (401) and services.write (403) for every change', async () => {
    const service = await create()
    const calls: [method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['POST', '/v1/service', { key: uniqueKey() }],
      ['PUT', `/v1/service/${service.id}/name`, { name: 'x' }],
      ['PUT', `/v1/service/${service.id}/description`, { description: 'x' }],
      ['PUT', `/v1/service/${service.id}/key`, { key: uniqueKey() }],
      ['PUT', `/v1/service/${service.id}/url`, { url: 'https://x.test' }],
      ['PUT', `/v1/service/${service.id}/accessTokenTimeout`, { accessTokenTimeout: 2 }],
      ['PUT', `/v1/service/${service.id}/refreshTokenTimeout`, { refreshTokenTimeout: 2 }],
      ['DELETE', `/v1/service/${service.id}`],
      ['PUT', `/v1/service/${service.id}/restore`],
    ]
    for (const [method, url, body] of calls) {
      const none = expectFailure(await send(method, url, body, ''), 401)
      expect(none.code).toBe(401)
      for (const cookie of [plain, reader]) {
        const refused = expectFailure(await send(method, url, body, cookie), 403)
        expect(refused.code).toBe(403)
      }
    }
    const after = await pull(t, writer, 'services', null)
    expect(after.nodes.find((node) => node.id === service.id)).toEqual(service)
  })
})

describe('sync', () => {
  it('delivers every change to the services collection after the previous cursor', async () => {
    const from = (await pull(t, reader, 'services', null)).position
    const service = await create()
    const created = await pullUntil(t, reader, 'services', from, (nodes) =>
      nodes.some((node) => node.id === service.id),
    )
    expect(created.nodes).toEqual([service])
    const renamed = await put(service.id, 'name', { name: 'Synced name' })
    const changed = renamed.json<ServiceAnswer>().results.service
    const next = await pullUntil(t, reader, 'services', created.position, (nodes) =>
      nodes.some((node) => node.id === service.id),
    )
    expect(next.nodes).toEqual([changed])
    await send('DELETE', `/v1/service/${service.id}`)
    const gone = await pullUntil(t, reader, 'services', next.position, (nodes) =>
      nodes.some((node) => node.id === service.id),
    )
    expect(gone.nodes).toEqual([expect.objectContaining({ id: service.id, deleted: true })])
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'service.deleted'),
          sql`${auditLog.detail} ->> 'serviceId' = ${service.id}`,
        ),
      )
    expect(rows).toHaveLength(1)
  })
})
