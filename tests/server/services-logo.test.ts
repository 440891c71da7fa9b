import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Permission } from '../../schema/permissions'
import type { Service } from '../../schema/service'
import { auditLog } from '../../server/db/schema/audit'
import { services } from '../../server/db/schema/services'
import { call, signIn, useTestApp } from './helper'
import { storedBytes, storedNames } from './stored-files'
import { createUser } from './fixtures'
import { pull, pullUntil } from './sync-helper'

const t = useTestApp()
const NOBODY = '01900000-0000-7000-8000-00000000abcd'
const SIZES = ['small', 'medium', 'large'] as const

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
  results: { service: Service }
}
interface UrlAnswer {
  results: { url: string }
}

interface Part {
  field: string
  filename?: string
  type?: string
  data: Buffer | string
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
function multipart(parts: Part[]) {
  const boundary = `----gatehouse${randomBytes(8).toString('hex')}`
  const chunks = parts.flatMap((part) => {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"${file}${type}\r\n\r\n`
    return [Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n')]
  })
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 142, b: 170 } } })
    .toFormat(format)
    .toBuffer()

const logoPart = (data: Buffer | string, filename = 'logo.png', type = 'image/png'): Part => ({
  field: 'logo',
  filename,
  type,
  data,
})

function upload(id: string, parts: Part[], cookie: string | undefined = writer) {
  const { payload, contentType } = multipart(parts)
  return t.app.inject({
    method: 'POST',
    url: `/v1/service/${id}/logo`,
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  })
}

async function create(): Promise<Service> {
  serial += 1
  const key = `logo-${serial}-${Date.now().toString(36)}`
  const response = await call(t, 'POST', '/v1/service', { key }, { cookie: writer })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ServiceAnswer>().results.service
}

/** The logo reference the row keeps (not part of the Service the console sees). */
async function logoRef(id: string): Promise<string | null> {
  const [row] = await t.db.select({ logo: services.logo }).from(services).where(eq(services.id, id))
  return row?.logo ?? null
}

const storedFile = async (ref: string, size: string) =>
  (await storedBytes(t, 'logo', `${ref}-${size}`))!
const isStored = async (ref: string, size: string) =>
  (await storedBytes(t, 'logo', `${ref}-${size}`)) !== undefined
const storedFiles = () => storedNames(t, 'logo')

async function uploaded(id: string, data?: Buffer) {
  const response = await upload(id, [logoPart(data ?? (await image('png')))])
  expect(response.statusCode, response.body).toBe(200)
  const ref = await logoRef(id)
  if (!ref) throw new Error('no logo reference')
  return { service: response.json<ServiceAnswer>().results.service, ref }
}

async function dimensions(file: Promise<Buffer>) {
  const { format, width, height } = await sharp(await file).metadata()
  return { format, width, height }
}

const getUrl = (id: string, suffix: string, cookie: string | undefined = reader) =>
  call(t, 'GET', `/v1/service/${id}/${suffix}`, undefined, cookie ? { cookie } : {})

describe('POST /v1/service/:id/logo', () => {
  it('stores a PNG as three WebP sizes and answers the service with hasLogo', async () => {
    const service = await create()
    const response = await upload(service.id, [logoPart(await image('png', 1000, 500))])
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      success: true,
      results: { service: { id: service.id, key: service.key, hasLogo: true, deleted: false } },
    })
    const ref = await logoRef(service.id)
    expect(ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(await dimensions(storedFile(ref!, 'small'))).toEqual({
      format: 'webp',
      width: 64,
      height: 32,
    })
    expect(await dimensions(storedFile(ref!, 'medium'))).toEqual({
      format: 'webp',
      width: 128,
      height: 64,
    })
    expect(await dimensions(storedFile(ref!, 'large'))).toEqual({
      format: 'webp',
      width: 256,
      height: 128,
    })
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.detail} ->> 'serviceId' = ${service.id} and ${auditLog.action} = 'service.updated'`,
      )
    expect(audit).toEqual([
      expect.objectContaining({
        outcome: 'success',
        detail: { serviceId: service.id, key: service.key, field: 'logo', change: 'uploaded' },
      }),
    ])
  })

  it('never enlarges a small logo, and accepts JPEG, GIF and WebP', async () => {
    const service = await create()
    const { ref } = await uploaded(service.id, await image('png', 40, 30))
    for (const size of SIZES) {
      expect(await dimensions(storedFile(ref, size))).toEqual({
        format: 'webp',
        width: 40,
        height: 30,
      })
    }
    for (const format of ['jpeg', 'gif', 'webp'] as const) {
      const next = await uploaded(service.id, await image(format, 300, 300))
      expect(await dimensions(storedFile(next.ref, 'large'))).toMatchObject({
        width: 256,
        height: 256,
      })
    }
  })

  it('gives every upload a new reference and removes the replaced files', async () => {
    const service = await create()
    const first = await uploaded(service.id)
    const second = await uploaded(service.id)
    expect(second.ref).not.toBe(first.ref)
    for (const size of SIZES) {
      expect(await isStored(first.ref, size)).toBe(false)
      expect(await isStored(second.ref, size)).toBe(true)
    }
  })

  it('takes the new files away again when the change cannot be committed', async () => {
    const service = await create()
    const kept = await uploaded(service.id)
    const before = await storedFiles()
    await t.db.execute(sql`
      create function refuse_logo() returns trigger language plpgsql
      as $$ begin raise exception 'refused by the test'; end $$`)
    await t.db.execute(
      sql.raw(`create trigger refuse_logo before update of logo on services for each row
        when (new.id = '${service.id}') execute function refuse_logo()`),
    )
    try {
      const response = await upload(service.id, [logoPart(await image('png'))])
      expect(response.statusCode).toBe(500)
      expect(response.json()).toMatchObject({ success: false, error: { code: 1000 } })
    } finally {
      await t.db.execute(sql`drop trigger refuse_logo on services`)
      await t.db.execute(sql`drop function refuse_logo()`)
    }
    expect(await storedFiles()).toEqual(before)
    expect(before).toContain(`${kept.ref}-large`)
    expect(await logoRef(service.id)).toBe(kept.ref)
  })

  it('refuses a 6 MB file with 413 and a non-image with 415, changing nothing', async () => {
    const service = await create()
    const before = await storedFiles()
    const big = Buffer.concat([await image('png'), Buffer.alloc(6 * 1024 * 1024)])
    const tooBig = await upload(service.id, [logoPart(big)])
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toEqual({
      success: false,
      error: { code: 1001, message: 'The image is larger than 5 MB.' },
    })
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    for (const part of [
      logoPart(svg, 'logo.svg', 'image/svg+xml'),
      logoPart('just text\n', 'logo.png', 'image/png'),
    ]) {
      const response = await upload(service.id, [part])
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual({
        success: false,
        error: { code: 1001, message: 'The file must be a PNG, JPEG, WebP or GIF image.' },
      })
    }
    expect(await storedFiles()).toEqual(before)
    expect(await logoRef(service.id)).toBeNull()
  })

  it('answers 400 with what to send: no file, another field, two files', async () => {
    const service = await create()
    const png = await image('png')
    const cases: [Part[], RegExp][] = [
      [[], /^No file was sent\./],
      [[{ ...logoPart(png), field: 'visage' }], /^The file was sent in the field 'visage'\./],
      [[logoPart(png), logoPart(png)], /^Only one file can be sent at a time\./],
    ]
    for (const [parts, message] of cases) {
      const response = await upload(service.id, parts)
      expect(response.statusCode, response.body).toBe(400)
      const body = response.json<{ error: { code: number; message: string } }>()
      expect(body.error.code).toBe(1001)
      expect(body.error.message).toMatch(message)
      expect(body.error.message).toContain("multipart/form-data field 'logo'")
    }
  })

  it('needs services.write (403) and a session (401); 404 for nobody, 400 for a bad id', async () => {
    const service = await create()
    const png = await image('png')
    for (const cookie of [reader, plain]) {
      const refused = await upload(service.id, [logoPart(png)], cookie)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ success: false, error: { code: 403 } })
    }
    expect((await upload(service.id, [logoPart(png)], '')).statusCode).toBe(401)
    const nobody = await upload(NOBODY, [logoPart(png)])
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json()).toMatchObject({
      error: { code: 404, message: 'There is no such service.' },
    })
    expect((await upload('nope', [logoPart(png)])).statusCode).toBe(400)
    expect(await logoRef(service.id)).toBeNull()
  })

  it('refuses a deleted service’s logo changes with 409', async () => {
    const service = await create()
    await uploaded(service.id)
    await call(t, 'DELETE', `/v1/service/${service.id}`, undefined, { cookie: writer })
    const response = await upload(service.id, [logoPart(await image('png'))])
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      success: false,
      error: { code: 1001, message: 'Restore the service before editing it.' },
    })
    const removal = await call(t, 'DELETE', `/v1/service/${service.id}/logo`, undefined, {
      cookie: writer,
    })
    expect(removal.statusCode).toBe(409)
    // Its logo still shows in the list of deleted services.
    expect((await getUrl(service.id, 'logo/small')).statusCode).toBe(200)
  })
})

describe('DELETE /v1/service/:id/logo', () => {
  it('clears hasLogo, removes the three files, and is idempotent', async () => {
    const service = await create()
    const { ref } = await uploaded(service.id)
    for (let i = 0; i < 2; i++) {
      const response = await call(t, 'DELETE', `/v1/service/${service.id}/logo`, undefined, {
        cookie: writer,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        success: true,
        results: { service: { id: service.id, hasLogo: false } },
      })
    }
    for (const size of SIZES) expect(await isStored(ref, size)).toBe(false)
    expect(await logoRef(service.id)).toBeNull()
    const url = await getUrl(service.id, 'logo/large')
    expect(url.statusCode).toBe(404)
    expect(url.json()).toEqual({
      success: false,
      error: { code: 404, message: 'This service has no logo.' },
    })
    const changes = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        sql`${auditLog.detail} ->> 'serviceId' = ${service.id} and ${auditLog.detail} ->> 'field' = 'logo'`,
      )
      .orderBy(auditLog.at)
    expect(changes.map((row) => row.detail?.change)).toEqual(['uploaded', 'removed'])
  })

  it('needs services.write and a session', async () => {
    const service = await create()
    await uploaded(service.id)
    const url = `/v1/service/${service.id}/logo`
    expect((await call(t, 'DELETE', url, undefined, { cookie: reader })).statusCode).toBe(403)
    expect((await call(t, 'DELETE', url)).statusCode).toBe(401)
    expect(
      (await call(t, 'DELETE', `/v1/service/${NOBODY}/logo`, undefined, { cookie: writer }))
        .statusCode,
    ).toBe(404)
    expect(await logoRef(service.id)).not.toBeNull()
  })
})

describe('GET /v1/service/:id/logo/:size', () => {
  it('answers a signed URL per size (large by default) that reads the stored image', async () => {
    const service = await create()
    const { ref } = await uploaded(service.id, await image('png', 600, 300))
    for (const [suffix, size] of [
      ['logo/small', 'small'],
      ['logo/medium', 'medium'],
      ['logo/large', 'large'],
      ['logo', 'large'],
    ] as const) {
      const response = await getUrl(service.id, suffix)
      expect(response.statusCode).toBe(200)
      const { url } = response.json<UrlAnswer>().results
      expect(url).toMatch(
        new RegExp(`^/v1/files/logo/${ref}-${size}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`),
      )
      const file = await t.app.inject({ method: 'GET', url })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('image/webp')
      expect(file.rawPayload.equals(await storedFile(ref, size))).toBe(true)
    }
  })

  it('answers 404 without a logo or a service, 400 for a bad size or id', async () => {
    const service = await create()
    expect((await getUrl(service.id, 'logo')).statusCode).toBe(404)
    expect((await getUrl(NOBODY, 'logo/small')).json()).toEqual({
      success: false,
      error: { code: 404, message: 'There is no such service.' },
    })
    const huge = await getUrl(service.id, 'logo/huge')
    expect(huge.statusCode).toBe(400)
    expect(huge.json()).toEqual({
      success: false,
      error: { code: 1001, message: 'size must be equal to one of the allowed values.' },
    })
    expect((await getUrl('nope', 'logo/small')).statusCode).toBe(400)
  })

  it('needs services.read and a session', async () => {
    const service = await create()
    await uploaded(service.id)
    const refused = await getUrl(service.id, 'logo/small', plain)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ success: false, error: { code: 403 } })
    expect((await getUrl(service.id, 'logo', '')).statusCode).toBe(401)
  })
})

describe('sync', () => {
  it('delivers the logo change to the services collection after the previous cursor', async () => {
    const service = await create()
    const from = (await pull(t, reader, 'services', null)).position
    const { service: changed } = await uploaded(service.id)
    const pulled = await pullUntil(t, reader, 'services', from, (nodes) =>
      nodes.some((node) => node.id === service.id),
    )
    expect(pulled.nodes).toEqual([changed])
    expect(changed.hasLogo).toBe(true)
    expect(pulled.nodes[0]).not.toHaveProperty('logo')
  })
})
