import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { renderImage, sniffImageFormat } from '../../server/domain/images'
import { ApiError } from '../../server/errors'
import { handMadePng } from './png'

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })

/** A black 1-bit greyscale PNG of width×height: kilobytes on disk, megapixels once decoded. */
const pngBomb = (width: number, height: number) =>
  handMadePng(
    width,
    height,
    { bitDepth: 1, colourType: 0 },
    Buffer.alloc((1 + Math.ceil(width / 8)) * height),
  )

const VISAGE = [{ name: 'visage', maxWidth: 512, maxHeight: 512 }] as const

/** The ApiError a call rejects with, so status, code and message can be checked together. */
async function refusal(work: Promise<unknown>) {
  const error: unknown = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return { status: error.status, code: error.code, message: error.message }
}

describe('renderImage', () => {
  it.each([
    ['png', () => solid(64, 32).png().toBuffer()],
    ['jpeg', () => solid(64, 32).jpeg().toBuffer()],
    ['gif', () => solid(64, 32).gif().toBuffer()],
    ['webp', () => solid(64, 32).webp().toBuffer()],
  ])('takes a %s and stores it as WebP, not enlarged', async (format, make) => {
    const input = await make()
    expect(sniffImageFormat(input)).toBe(format)
    const { visage } = await renderImage(input, VISAGE)
    expect(sniffImageFormat(visage)).toBe('webp')
    expect(await sharp(visage).metadata()).toMatchObject({ format: 'webp', width: 64, height: 32 })
  })

  it('fits a large image inside the size, keeping its aspect', async () => {
    const { visage } = await renderImage(await solid(2000, 1000).png().toBuffer(), VISAGE)
    expect(await sharp(visage).metadata()).toMatchObject({ width: 512, height: 256 })
  })

  it('makes every named size from one upload', async () => {
    const sizes = [
      { name: 'small', maxWidth: 64, maxHeight: 64 },
      { name: 'medium', maxWidth: 128, maxHeight: 128 },
      { name: 'large', maxWidth: 256, maxHeight: 256 },
    ] as const
    const out = await renderImage(await solid(600, 300).jpeg().toBuffer(), sizes)
    const widths = await Promise.all(
      [out.small, out.medium, out.large].map(async (data) => (await sharp(data).metadata()).width),
    )
    expect(widths).toEqual([64, 128, 256])
  })

  it('applies the EXIF orientation, then drops EXIF, XMP and ICC', async () => {
    const input = await solid(40, 20)
      .withExif({ IFD0: { Copyright: 'Secret place', Artist: 'Someone' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    expect((await sharp(input).metadata()).exif).toBeDefined()
    const { visage } = await renderImage(input, VISAGE)
    const stored = await sharp(visage).metadata()
    expect(stored).toMatchObject({ width: 20, height: 40 })
    expect(stored.exif).toBeUndefined()
    expect(stored.xmp).toBeUndefined()
    expect(stored.icc).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
    expect(visage.includes('Secret place')).toBe(false)
  })

  it('refuses SVG by its bytes with 415, naming the accepted types', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    expect(await refusal(renderImage(svg, VISAGE))).toEqual({
      status: 415,
      code: 1001,
      message: 'The file must be a PNG, JPEG, WebP or GIF image.',
    })
  })

  it('refuses a text file whatever it is called, with 415', async () => {
    const text = Buffer.from('just some words, saved as picture.png\n')
    expect(await refusal(renderImage(text, VISAGE))).toMatchObject({ status: 415, code: 1001 })
  })

  it('refuses more than 5 MB with 413, and accepts exactly 5 MB as far as size goes', async () => {
    const png = await solid(8, 8).png().toBuffer()
    const over = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)])
    expect(await refusal(renderImage(over, VISAGE))).toEqual({
      status: 413,
      code: 1001,
      message: 'The image is larger than 5 MB.',
    })
    // Trailing bytes after the PNG's end are ignored by the decoder, so this one is stored.
    const exact = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)])
    const { visage } = await renderImage(exact, VISAGE)
    expect(sniffImageFormat(visage)).toBe('webp')
  })

  it('answers 422, not 500, for a file that starts like an image but is not one', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('this is not really a PNG at all'),
    ])
    expect(await refusal(renderImage(fake, VISAGE))).toEqual({
      status: 422,
      code: 1001,
      message: 'The image could not be read; the file may be damaged.',
    })
    const jpeg = await solid(64, 64).jpeg().toBuffer()
    const cut = jpeg.subarray(0, 40)
    expect(await refusal(renderImage(cut, VISAGE))).toMatchObject({ status: 422, code: 1001 })
  })

  it('refuses a decompression bomb: a small file of too many pixels', async () => {
    const bomb = pngBomb(10_000, 6_000)
    expect(bomb.length).toBeLessThan(64 * 1024)
    expect(await refusal(renderImage(bomb, VISAGE))).toEqual({
      status: 422,
      code: 1001,
      message: 'The image has too many pixels; at most 50 megapixels are accepted.',
    })
  })
})
