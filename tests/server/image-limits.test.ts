import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import {
  IMAGE_CONCURRENT_DECODES,
  IMAGE_MAX_WAITING,
  imageDecodes,
  renderImage,
} from '../../server/domain/images'
import { ApiError } from '../../server/errors'
import { signIn, useTestApp } from './helper'
import { storedNames } from './stored-files'
import { createUser } from './fixtures'
import { handMadePng } from './png'

const t = useTestApp()

const VISAGE = [{ name: 'visage', maxWidth: 512, maxHeight: 512 }] as const

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer()

/** Takes every decode slot and every place in the waiting line until `release` is called. */
function fillDecodes() {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const held = Array.from({ length: IMAGE_CONCURRENT_DECODES + IMAGE_MAX_WAITING }, () =>
    imageDecodes.run(() => gate),
  )
  return {
    async release() {
      release()
      await Promise.all(held)
    },
  }
}

let filled: { release(): Promise<void> } | undefined
afterEach(async () => {
  await filled?.release()
  filled = undefined
})

function visageUpload(cookie: string, id: string, data: Buffer) {
  const boundary = `----gatehouse${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="visage"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`
  return t.app.inject({
    method: 'POST',
    url: `/v1/user/${id}/visage`,
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
  })
}

describe('the image decode queue', () => {
  it(`decodes at most ${IMAGE_CONCURRENT_DECODES} images at once; the others wait their turn and all finish`, async () => {
    const data = await png()
    const count = IMAGE_CONCURRENT_DECODES + 3
    const renders = Array.from({ length: count }, () => renderImage(data, VISAGE))
    expect(imageDecodes.running).toBe(IMAGE_CONCURRENT_DECODES)
    expect(imageDecodes.waiting).toBe(count - IMAGE_CONCURRENT_DECODES)
    const results = await Promise.all(renders)
    expect(results).toHaveLength(count)
    for (const { visage } of results)
      expect(await sharp(visage).metadata()).toMatchObject({ format: 'webp', width: 64 })
    expect([imageDecodes.running, imageDecodes.waiting]).toEqual([0, 0])
  })

  it('refuses an upload with 503 and Retry-After while the queue is full, and stores nothing', async () => {
    const user = await createUser(t)
    const cookie = await signIn(t, user.email, user.password)
    const data = await png()
    filled = fillDecodes()

    const refused = await visageUpload(cookie, user.id, data)
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.json()).toEqual({
      success: false,
      error: {
        code: 1000,
        message: 'The server is busy with other images. Try again in a few seconds.',
      },
    })
    expect(await storedNames(t, 'visage')).toEqual([])

    await filled.release()
    filled = undefined
    const accepted = await visageUpload(cookie, user.id, data)
    expect(accepted.statusCode, accepted.body).toBe(200)
  })

  it('checks size and type before queueing: a refused file never waits for a slot', async () => {
    filled = fillDecodes()
    const error: unknown = await renderImage(Buffer.from('not an image'), VISAGE).catch(
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(415)
  })
})

/**
 * A PNG that declares width×height but holds only two rows of pixels: the header alone tells
 * how large it is, so the refusal must not wait for a decode (which would fail as damaged).
 */
const pngCut = (width: number, height: number) =>
  handMadePng(width, height, { bitDepth: 8, colourType: 2 }, Buffer.alloc((1 + width * 3) * 2))

describe('the pixel limit', () => {
  it('refuses by the dimensions the header declares, before any pixel is decoded', async () => {
    const error: unknown = await renderImage(pngCut(10_000, 6_000), VISAGE).catch(
      (reason: unknown) => reason,
    )
    expect(error).toMatchObject({
      status: 422,
      message: 'The image has too many pixels; at most 50 megapixels are accepted.',
    })
  })

  it('keeps no decoded images in sharp’s operation cache', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } })
  })
})
