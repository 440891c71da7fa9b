import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { attributeCalls, cookieWith, expectFailure } from './attributes-helper'
import { useTestApp } from './helper'
import { storedBytes, storedNames } from './stored-files'

const t = useTestApp()
const cookies = { writer: '', reader: '', plain: '' }
const { send, save, key } = attributeCalls(t, cookies)

beforeAll(async () => {
  cookies.writer = await cookieWith(t, ['attributes.read', 'attributes.write'])
  cookies.reader = await cookieWith(t, ['attributes.read'])
  cookies.plain = await cookieWith(t, [])
})

interface Part {
  field: string
  filename?: string
  type?: string
  data: Buffer | string
}

/** A multipart/form-data body as a browser's FormData sends it. */
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

const image = (format: 'png' | 'jpeg', width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 142, b: 170 } } })
    .toFormat(format)
    .toBuffer()

const fields = (extra: Part[] = []): Part[] => [
  { field: 'id', data: 'NewId_1' },
  { field: 'filename', data: 'photo.png' },
  ...extra,
]

function upload(parts: Part[], cookie: string | undefined = cookies.writer) {
  const { payload, contentType } = multipart(parts)
  return t.app.inject({
    method: 'POST',
    url: '/v1/imageFileUpload',
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  })
}

const filePart = (data: Buffer | string, field = 'image'): Part => ({
  field,
  filename: 'photo.png',
  type: 'image/png',
  data,
})

describe('POST /v1/imageFileUpload', () => {
  it('re-encodes the image, stores it and answers results.path attributes/<name>', async () => {
    const response = await upload(
      fields([{ field: 'section', data: 'option' }, filePart(await image('png'))]),
    )
    expect(response.statusCode, response.body).toBe(200)
    const { path: stored } = response.json<{ results: { path: string } }>().results
    expect(stored).toMatch(/^attributes\/[0-9a-f-]{36}$/)
    const file = await storedBytes(t, 'attributes', stored.slice('attributes/'.length))
    expect(file).toBeDefined()
    const meta = await sharp(file).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 600, height: 450 })
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attribute.image_uploaded'))
    expect(audit.at(-1)?.detail).toEqual({
      path: stored,
      recordId: 'NewId_1',
      filename: 'photo.png',
      section: 'option',
    })

    // The path is then saved on a key and an option.
    const saved = await key({
      type: 'STRING',
      config: '{"descreteValues":true}',
      imagePath: stored,
    })
    expect(saved.imagePath).toBe(stored)
    const option = await save('AttributeKeyOption', {
      attributeKeyId: saved.id,
      label: 'A',
      value: 'a',
      imagePath: stored,
    })
    expect(option.imagePath).toBe(stored)
  })

  it('answers 413, 415 and 422 for oversized, non-image and damaged files', async () => {
    expectFailure(await upload(fields([filePart(Buffer.alloc(5 * 1024 * 1024 + 1, 0x89))])), 413)
    expectFailure(
      await upload(fields([filePart('<svg xmlns="http://www.w3.org/2000/svg"/>')])),
      415,
    )
    const png = await image('png', 40, 30)
    expectFailure(await upload(fields([filePart(png.subarray(0, 60))])), 422)
  })

  it('answers 400 for a missing file, id or filename, or an unexpected field', async () => {
    const png = await image('png', 20, 20)
    expectFailure(await upload(fields()), 400, /No file was sent/)
    expectFailure(
      await upload([{ field: 'filename', data: 'a.png' }, filePart(png)]),
      400,
      /^id is required/,
    )
    expectFailure(
      await upload([{ field: 'id', data: 'x' }, filePart(png)]),
      400,
      /^filename is required/,
    )
    expectFailure(
      await upload(fields([{ field: 'colour', data: 'red' }, filePart(png)])),
      400,
      /Unexpected field 'colour'/,
    )
    expectFailure(await upload(fields([filePart(png, 'logo')])), 400, /sent in the field 'logo'/)
    const json = await send('POST', '/v1/imageFileUpload', { path: 'x' })
    expectFailure(json, 400, /not multipart/)
  })

  // UTF-8 cannot carry a lone surrogate, so over multipart only NUL can arrive.
  it('refuses a NUL in a text field with 400 and keeps no file', async () => {
    const stored = async () => (await storedNames(t, 'attributes')).length
    const before = await stored()
    const png = await image('png', 20, 20)
    for (const [field, value] of [
      ['filename', 'a\u0000b.png'],
      ['id', 'NewId_\u0000'],
      ['section', 'option\u0000'],
    ] as const) {
      const text = { id: 'NewId_1', filename: 'photo.png', [field]: value }
      const parts = Object.entries(text).map(([name, data]) => ({ field: name, data }))
      const response = await upload([...parts, filePart(png)])
      expectFailure(
        response,
        400,
        new RegExp(`^${field} must not contain NUL or unpaired surrogate characters`),
      )
    }
    expect(await stored()).toBe(before)
  })

  it('refuses a text field whose bytes are not UTF-8 with 400, writing nothing', async () => {
    const stored = async () => (await storedNames(t, 'attributes')).length
    const audited = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'attribute.image_uploaded')))
        .length
    const before = [await stored(), await audited()]
    const png = await image('png', 20, 20)
    for (const bytes of [[0xc3, 0x28], [0xff], [0xc0, 0xaf]]) {
      const filename = Buffer.concat([Buffer.from('a'), Buffer.from(bytes), Buffer.from('.png')])
      const response = await upload([
        { field: 'id', data: 'NewId_1' },
        { field: 'filename', data: filename },
        filePart(png),
      ])
      expectFailure(response, 400, /^filename must be UTF-8 text/)
    }
    expect([await stored(), await audited()]).toEqual(before)
    // A well-formed name outside ASCII is kept as it is.
    const kept = await upload([
      { field: 'id', data: 'NewId_1' },
      { field: 'filename', data: 'façade.png' },
      filePart(png),
    ])
    expect(kept.statusCode, kept.body).toBe(200)
  })

  it('needs attributes.write', async () => {
    const png = await image('png', 20, 20)
    expectFailure(await upload(fields([filePart(png)]), cookies.reader), 403)
    expectFailure(await upload(fields([filePart(png)]), ''), 401)
  })
})

describe('POST /v1/imageFileDownload', () => {
  it('answers a signed URL that serves the image', async () => {
    const response = await upload(fields([filePart(await image('jpeg', 100, 80))]))
    const { path: stored } = response.json<{ results: { path: string } }>().results
    const answer = await send('POST', '/v1/imageFileDownload', { path: stored }, cookies.reader)
    expect(answer.statusCode, answer.body).toBe(200)
    const { url } = answer.json<{ results: { url: string } }>().results
    expect(url).toMatch(/^\/v1\/files\/attributes\/[0-9a-f-]{36}\?expires=\d+&signature=/)
    const file = await t.app.inject({ method: 'GET', url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/webp')
  })

  it('answers 400 for a path of another shape and 404 for one never uploaded', async () => {
    expectFailure(
      await send('POST', '/v1/imageFileDownload', { path: '../secret' }, cookies.reader),
      400,
      /path/,
    )
    expectFailure(
      await send('POST', '/v1/imageFileDownload', { path: 'logo/abc' }, cookies.reader),
      400,
      /path/,
    )
    expectFailure(
      await send('POST', '/v1/imageFileDownload', {}, cookies.reader),
      400,
      /path is required/,
    )
    expectFailure(
      await send('POST', '/v1/imageFileDownload', { path: 'attributes/missing' }, cookies.reader),
      404,
    )
    expectFailure(
      await send('POST', '/v1/imageFileDownload', { path: 'attributes/missing' }, cookies.plain),
      403,
    )
  })
})

describe('replacing an attribute image', () => {
  const uploaded = async () => {
    const response = await upload(fields([filePart(await image('png', 40, 30))]))
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ results: { path: string } }>().results.path
  }
  const isStored = async (path: string) =>
    (await storedBytes(t, 'attributes', path.slice('attributes/'.length))) !== undefined

  it('deletes the image a key or option no longer names, unless another still names it', async () => {
    const [first, second, shared] = [await uploaded(), await uploaded(), await uploaded()]
    const leaf = await key({ type: 'STRING', config: '{"descreteValues":true}', imagePath: first })
    await save('AttributeKey', { imagePath: second }, leaf.id)
    expect(await isStored(first)).toBe(false)
    expect(await isStored(second)).toBe(true)

    const option = await save('AttributeKeyOption', {
      attributeKeyId: leaf.id,
      label: 'S',
      value: 's',
      imagePath: shared,
    })
    await save('AttributeKey', { imagePath: shared }, leaf.id)
    expect(await isStored(second)).toBe(false)
    // The option still names `shared`: taking it off the key keeps it.
    await save('AttributeKey', { imagePath: null }, leaf.id)
    expect(await isStored(shared)).toBe(true)
    await save('AttributeKeyOption', { imagePath: null }, option.id)
    expect(await isStored(shared)).toBe(false)
  })

  it('keeps the image of a deleted key, which may be restored', async () => {
    const path = await uploaded()
    const leaf = await key({ type: 'STRING', config: '{}', imagePath: path })
    await save('AttributeKey', { deleted: true }, leaf.id)
    expect(await isStored(path)).toBe(true)
  })
})
