import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { serverSecrets } from '../../server/db/schema/passkeys'
import { serverSecret } from '../../server/repos/server-secrets'
import { call, signIn, useTestApp } from './helper'
import { storedBytes, storedNames } from './stored-files'
import { createUser } from './fixtures'

const t = useTestApp()

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
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer()

const visagePart = (data: Buffer | string, filename = 'me.png', type = 'image/png'): Part => ({
  field: 'visage',
  filename,
  type,
  data,
})

function upload(cookie: string | undefined, id: string, parts: Part[]) {
  const { payload, contentType } = multipart(parts)
  return t.app.inject({
    method: 'POST',
    url: `/v1/user/${id}/visage`,
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  })
}

async function signedIn(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, fields)
  return { user, cookie: await signIn(t, user.email, user.password) }
}

const storedFile = async (ref: string) => (await storedBytes(t, 'visage', ref))!
const isStored = async (ref: string) => (await storedBytes(t, 'visage', ref)) !== undefined
const storedFiles = () => storedNames(t, 'visage')

interface UserAnswer {
  results: { user: { id: string; visage: string | null } }
}
interface UrlAnswer {
  results: { url: string }
}

async function uploaded(cookie: string, id: string, data?: Buffer) {
  const response = await upload(cookie, id, [visagePart(data ?? (await image('png')))])
  expect(response.statusCode, response.body).toBe(200)
  const ref = response.json<UserAnswer>().results.user.visage
  if (!ref) throw new Error('no visage reference')
  return ref
}

describe('POST /v1/user/:id/visage', () => {
  it('stores one’s own image as WebP in the database and answers results.user', async () => {
    const { user, cookie } = await signedIn()
    const response = await upload(cookie, user.id, [visagePart(await image('png', 1024, 768))])
    expect(response.statusCode).toBe(200)
    const body = response.json<UserAnswer>()
    expect(body).toMatchObject({ success: true, results: { user: { id: user.id } } })
    const ref = body.results.user.visage
    expect(ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    const stored = await sharp(await storedFile(ref!)).metadata()
    expect(stored).toMatchObject({ format: 'webp', width: 512, height: 384 })
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'user.updated')))
    expect(audit).toEqual([
      expect.objectContaining({
        actorUserId: user.id,
        outcome: 'success',
        detail: { field: 'visage', change: 'uploaded' },
      }),
    ])
  })

  it.each(['jpeg', 'gif', 'webp'] as const)('accepts a %s', async (format) => {
    const { user, cookie } = await signedIn()
    const ref = await uploaded(cookie, user.id, await image(format))
    expect((await sharp(await storedFile(ref)).metadata()).format).toBe('webp')
  })

  it('gives every upload a new reference and removes the replaced file', async () => {
    const { user, cookie } = await signedIn()
    const first = await uploaded(cookie, user.id)
    const second = await uploaded(cookie, user.id)
    expect(second).not.toBe(first)
    expect(await isStored(first)).toBe(false)
    expect(await isStored(second)).toBe(true)
  })

  it('keeps no EXIF of the upload (camera, place) in the stored file', async () => {
    const { user, cookie } = await signedIn()
    const photo = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .withExif({ IFD0: { Copyright: 'Home address 12', Model: 'Phone 9' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const ref = await uploaded(cookie, user.id, photo)
    const file = await storedFile(ref)
    const stored = await sharp(file).metadata()
    expect(stored.exif).toBeUndefined()
    expect(stored.xmp).toBeUndefined()
    expect(file.includes('Home address 12')).toBe(false)
  })

  it('takes the new file away again when the change cannot be committed', async () => {
    const { user, cookie } = await signedIn()
    const kept = await uploaded(cookie, user.id)
    const before = await storedFiles()
    await t.db.execute(sql`
      create function refuse_visage() returns trigger language plpgsql
      as $$ begin raise exception 'refused by the test'; end $$`)
    await t.db.execute(
      sql.raw(`create trigger refuse_visage before update of visage on users for each row
        when (new.id = '${user.id}') execute function refuse_visage()`),
    )
    try {
      const response = await upload(cookie, user.id, [visagePart(await image('png'))])
      expect(response.statusCode).toBe(500)
      expect(response.json()).toMatchObject({ success: false, error: { code: 1000 } })
    } finally {
      await t.db.execute(sql`drop trigger refuse_visage on users`)
      await t.db.execute(sql`drop function refuse_visage()`)
    }
    // The new file is gone and the one the row still names is kept.
    expect(await storedFiles()).toEqual(before)
    expect(before).toContain(kept)
  })

  it('refuses SVG and a text file named .png with 415, changing nothing', async () => {
    const { user, cookie } = await signedIn()
    const before = await storedFiles()
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    for (const part of [
      visagePart(svg, 'me.svg', 'image/svg+xml'),
      visagePart('hello, I am text\n', 'me.png', 'image/png'),
    ]) {
      const response = await upload(cookie, user.id, [part])
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual({
        success: false,
        error: { code: 1001, message: 'The file must be a PNG, JPEG, WebP or GIF image.' },
      })
    }
    expect(await storedFiles()).toEqual(before)
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(self.json()).toMatchObject({ results: { user: { visage: null } } })
  })

  it('refuses a 6 MB upload with 413', async () => {
    const { user, cookie } = await signedIn()
    const png = await image('png')
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)])
    const response = await upload(cookie, user.id, [visagePart(big)])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      success: false,
      error: { code: 1001, message: 'The image is larger than 5 MB.' },
    })
  })

  it('answers 422 for a file that starts like a PNG but is not one', async () => {
    const { user, cookie } = await signedIn()
    const fake = Buffer.concat([(await image('png')).subarray(0, 16), Buffer.from('garbage')])
    const response = await upload(cookie, user.id, [visagePart(fake)])
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ success: false, error: { code: 1001 } })
  })

  it('answers 400 with what to send: no file, another field, two files, a text field, JSON', async () => {
    const { user, cookie } = await signedIn()
    const png = await image('png')
    const cases: [Part[], RegExp][] = [
      [[], /^No file was sent\./],
      [[{ ...visagePart(png), field: 'avatar' }], /^The file was sent in the field 'avatar'\./],
      [[visagePart(png), visagePart(png)], /^Only one file can be sent at a time\./],
      [[{ field: 'visage', data: 'text' }], /^Unexpected field 'visage'\./],
    ]
    for (const [parts, message] of cases) {
      const response = await upload(cookie, user.id, parts)
      expect(response.statusCode, response.body).toBe(400)
      const body = response.json<{ error: { code: number; message: string } }>()
      expect(body.error.code).toBe(1001)
      expect(body.error.message).toMatch(message)
      expect(body.error.message).toContain("multipart/form-data field 'visage'")
    }
    const json = await call(t, 'POST', `/v1/user/${user.id}/visage`, { visage: 'x' }, { cookie })
    expect(json.statusCode).toBe(400)
    expect(json.json()).toMatchObject({ error: { code: 1001 } })
    const broken = await t.app.inject({
      method: 'POST',
      url: `/v1/user/${user.id}/visage`,
      payload: 'not a multipart body at all',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
    })
    expect(broken.statusCode).toBe(400)
  })

  it('refuses another user’s visage without users.write, and allows it with it', async () => {
    const other = await createUser(t)
    const reader = await signedIn({ permissions: ['users.read'] })
    const refused = await upload(reader.cookie, other.id, [visagePart(await image('png'))])
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ success: false, error: { code: 403 } })
    const writer = await signedIn({ permissions: ['users.write'] })
    const ref = await uploaded(writer.cookie, other.id)
    expect(await isStored(ref)).toBe(true)
  })

  it('answers 401 signed out, 400 for a bad id, 404 for nobody', async () => {
    const { cookie } = await signedIn({ permissions: ['users.write'] })
    const other = await createUser(t)
    const png = await image('png')
    expect((await upload(undefined, other.id, [visagePart(png)])).statusCode).toBe(401)
    const bad = await upload(cookie, 'not-an-id', [visagePart(png)])
    expect(bad.statusCode).toBe(400)
    const nobody = await upload(cookie, '01900000-0000-7000-8000-00000000abcd', [visagePart(png)])
    expect(nobody.statusCode).toBe(404)
  })
})

describe('DELETE /v1/user/:id/visage', () => {
  it('clears the visage, removes the file, and is idempotent', async () => {
    const { user, cookie } = await signedIn()
    const ref = await uploaded(cookie, user.id)
    const response = await call(t, 'DELETE', `/v1/user/${user.id}/visage`, undefined, { cookie })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      success: true,
      results: { user: { id: user.id, visage: null } },
    })
    expect(await isStored(ref)).toBe(false)
    const again = await call(t, 'DELETE', `/v1/user/${user.id}/visage`, undefined, { cookie })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ results: { user: { visage: null } } })
    const url = await call(t, 'GET', `/v1/user/${user.id}/visage/url`, undefined, { cookie })
    expect(url.statusCode).toBe(404)
    expect(url.json()).toMatchObject({ success: false, error: { code: 404 } })
  })

  it('needs users.write for someone else, and a session', async () => {
    const owner = await signedIn()
    await uploaded(owner.cookie, owner.user.id)
    const reader = await signedIn({ permissions: ['users.read'] })
    const url = `/v1/user/${owner.user.id}/visage`
    expect((await call(t, 'DELETE', url, undefined, { cookie: reader.cookie })).statusCode).toBe(
      403,
    )
    expect((await call(t, 'DELETE', url)).statusCode).toBe(401)
    const writer = await signedIn({ permissions: ['users.write'] })
    const done = await call(t, 'DELETE', url, undefined, { cookie: writer.cookie })
    expect(done.json()).toMatchObject({ results: { user: { visage: null } } })
  })
})

describe('GET /v1/user/:id/visage/url and the signed file URL', () => {
  it('answers a signed URL that reads the stored image without a session', async () => {
    const { user, cookie } = await signedIn()
    const ref = await uploaded(cookie, user.id)
    for (const suffix of ['visage/url', 'visage']) {
      const response = await call(t, 'GET', `/v1/user/${user.id}/${suffix}`, undefined, { cookie })
      expect(response.statusCode).toBe(200)
      const { url } = response.json<UrlAnswer>().results
      expect(url).toMatch(
        new RegExp(`^/v1/files/visage/${ref}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`),
      )
      const file = await t.app.inject({ method: 'GET', url })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('image/webp')
      expect(file.headers['x-content-type-options']).toBe('nosniff')
      const maxAge = Number(
        /^private, max-age=(\d+)$/.exec(String(file.headers['cache-control']))?.[1],
      )
      expect(maxAge).toBeGreaterThan(0)
      expect(maxAge).toBeLessThanOrEqual(300)
      expect(file.rawPayload.equals(await storedFile(ref))).toBe(true)
    }
    const [key] = await t.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'file-url-key'))
    expect(key?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Another process asking for the key finds this one instead of making its own.
    expect(await serverSecret(t.db, 'file-url-key')).toBe(key?.value)
  })

  it('refuses an expired or tampered URL with 403, and answers 404 for a missing file', async () => {
    const { user, cookie } = await signedIn()
    const ref = await uploaded(cookie, user.id)
    const expired = await t.app.files.signedUrl('visage', ref, new Date(Date.now() - 301_000))
    const valid = await t.app.files.signedUrl('visage', ref)
    const other = await uploaded(cookie, user.id)
    const signature = new URL(valid, 'http://x').searchParams.get('signature')!
    const expires = new URL(valid, 'http://x').searchParams.get('expires')!
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    for (const url of [
      expired,
      `/v1/files/visage/${ref}?expires=${expires}&signature=${flipped}`,
      `/v1/files/visage/${ref}?expires=${Number(expires) + 60}&signature=${signature}`,
      `/v1/files/visage/${other}?expires=${expires}&signature=${signature}`,
      `/v1/files/logo/${ref}?expires=${expires}&signature=${signature}`,
      `/v1/files/visage/${ref}?expires=${expires}&signature=`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(403)
      expect(response.json()).toMatchObject({ success: false, error: { code: 403 } })
      expect(response.headers['cache-control']).toBe('no-store')
    }
    for (const url of [
      `/v1/files/visage/${ref}`,
      `/v1/files/visage/..%2F..%2Fgatehouse?expires=${expires}&signature=${signature}`,
      `/v1/files/visage/${ref}?expires=soon&signature=${signature}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400)
    }
    const missing = await t.app.files.signedUrl('visage', '01900000-0000-7000-8000-00000000abcd')
    const response = await t.app.inject({ method: 'GET', url: missing })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ success: false, error: { code: 404 } })
  })

  it('shows someone else’s visage only with users.read or users.write', async () => {
    const owner = await signedIn()
    await uploaded(owner.cookie, owner.user.id)
    const url = `/v1/user/${owner.user.id}/visage/url`
    const plain = await signedIn()
    const refused = await call(t, 'GET', url, undefined, { cookie: plain.cookie })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ success: false, error: { code: 403 } })
    for (const permission of ['users.read', 'users.write'] as const) {
      const viewer = await signedIn({ permissions: [permission] })
      const allowed = await call(t, 'GET', url, undefined, { cookie: viewer.cookie })
      expect(allowed.statusCode).toBe(200)
      expect(allowed.json<UrlAnswer>().results.url).toMatch(/^\/v1\/files\/visage\//)
    }
    expect((await call(t, 'GET', url)).statusCode).toBe(401)
    expect((await call(t, 'GET', `/v1/user/nope/visage`, undefined, plain)).statusCode).toBe(400)
  })
})
