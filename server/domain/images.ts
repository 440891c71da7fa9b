import type { default as SharpModule, Sharp } from 'sharp'
import { ErrorCode } from '../../schema/errors'
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../schema/files'
import { ApiError, unprocessable } from '../errors'
import { WorkLimit, WorkLimitFull } from './work-limit'

/**
 * Decoded pixels an upload may have. A 5 MB file can still hold a picture of billions of pixels
 * (a decompression bomb); 50 megapixels is more than any camera photo a person would use as a face
 * or a logo, and bounds the memory one decode can take.
 */
export const IMAGE_MAX_PIXELS = 50_000_000

/**
 * Images decoded at once in this process, and uploads that may wait for their turn. A 49 MP
 * decode can take a few hundred megabytes; without a bound a burst of uploads multiplies that,
 * and glibc keeps the freed memory in its arenas, so the process stays large afterwards.
 * Beyond the waiting line an upload is refused at once with 503 and Retry-After.
 */
export const IMAGE_CONCURRENT_DECODES = 2
export const IMAGE_MAX_WAITING = 16
const BUSY_RETRY_SECONDS = 5

/** The decode slots of this process (exported for tests that fill them). */
export const imageDecodes = new WorkLimit(IMAGE_CONCURRENT_DECODES, IMAGE_MAX_WAITING)

let loaded: Promise<typeof SharpModule> | undefined

/** sharp (libvips) is loaded at the first image, not at start: most processes never decode one. */
function loadSharp() {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    // One libvips worker thread per image: the queue above decides how many images run side by side.
    sharp.concurrency(1)
    // The operation cache only helps when the same input is processed again; uploads never are, and
    // it would keep up to 50 MB of decoded pixels alive for nothing.
    sharp.cache(false)
    return sharp
  }))
}

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif'

/** One stored rendition: fitted inside maxWidth×maxHeight, never enlarged. */
export interface ImageSize<Name extends string = string> {
  name: Name
  maxWidth: number
  maxHeight: number
}

const startsWith = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((byte, i) => data[at + i] === byte)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** The image type the file's first bytes declare, whatever its name or the client says. */
export function sniffImageFormat(data: Buffer): ImageFormat | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'gif'
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp'
  return undefined
}

const typeList = `${IMAGE_TYPES.slice(0, -1).join(', ')} or ${IMAGE_TYPES.at(-1)}`

/**
 * Refuses what must not be stored: over 5 MB (413) or not a PNG, JPEG, WebP or GIF by its magic
 * bytes (415). SVG is refused because it can carry script.
 */
export function checkUpload(data: Buffer): ImageFormat {
  if (data.length > IMAGE_MAX_BYTES) {
    throw new ApiError(ErrorCode.validation, 'The image is larger than 5 MB.', 413)
  }
  const format = sniffImageFormat(data)
  if (!format) {
    throw new ApiError(ErrorCode.validation, `The file must be a ${typeList} image.`, 415)
  }
  return format
}

function decodeFailure(error: unknown): ApiError {
  const reason = error instanceof Error ? error.message : ''
  if (/pixel limit/i.test(reason)) {
    return unprocessable(
      `The image has too many pixels; at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels are accepted.`,
    )
  }
  return unprocessable('The image could not be read; the file may be damaged.')
}

const busy = () =>
  new ApiError(
    ErrorCode.generic,
    'The server is busy with other images. Try again in a few seconds.',
    503,
    { 'retry-after': String(BUSY_RETRY_SECONDS) },
  )

const toWebp = (image: Sharp, size: { maxWidth: number; maxHeight: number }) =>
  image
    .resize({
      width: size.maxWidth,
      height: size.maxHeight,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 85 })
    .toBuffer()

/**
 * One decode for every size, one size after another: the image is decoded, oriented and fitted
 * into the box that holds every size, and the sizes are made from that small copy.
 */
async function render<Name extends string>(
  data: Buffer,
  format: ImageFormat,
  sizes: readonly ImageSize<Name>[],
): Promise<Record<Name, Buffer>> {
  // Streams top to bottom where the decoder can, so a resize needs strips, not the whole picture.
  const options = {
    limitInputPixels: IMAGE_MAX_PIXELS,
    failOn: 'error',
    sequentialRead: true,
  } as const
  const sharp = await loadSharp()
  // The header alone; limitInputPixels refuses too many pixels here, before any pixel is decoded.
  const metadata = await sharp(data, options).metadata()
  // The decoder must agree with the magic bytes, so no other loader (SVG, TIFF…) ever runs.
  if (metadata.format !== format) throw new Error(`decoded as ${metadata.format}`)
  const oriented = () => sharp(data, options).autoOrient()
  const rendered: [Name, Buffer][] = []
  if (sizes.length === 1) {
    const [size] = sizes as [ImageSize<Name>]
    rendered.push([size.name, await toWebp(oriented(), size)])
  } else {
    const box = {
      width: Math.max(...sizes.map((size) => size.maxWidth)),
      height: Math.max(...sizes.map((size) => size.maxHeight)),
    }
    const { data: pixels, info } = await oriented()
      .resize({ ...box, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { width: info.width, height: info.height, channels: info.channels }
    for (const size of sizes) rendered.push([size.name, await toWebp(sharp(pixels, { raw }), size)])
  }
  return Object.fromEntries(rendered) as Record<Name, Buffer>
}

/**
 * Checks an upload and re-encodes it to WebP in each named size. Orientation is applied first, and
 * nothing of the original travels on: EXIF (camera, place), XMP, ICC and comments are dropped, as
 * is any payload hidden in the file. An animated GIF keeps its first frame. At most
 * IMAGE_CONCURRENT_DECODES uploads are decoded at once; when IMAGE_MAX_WAITING more already wait,
 * the upload is refused with 503.
 */
export async function renderImage<Name extends string>(
  data: Buffer,
  sizes: readonly ImageSize<Name>[],
): Promise<Record<Name, Buffer>> {
  const format = checkUpload(data)
  try {
    return await imageDecodes.run(() => render(data, format, sizes))
  } catch (error) {
    if (error instanceof WorkLimitFull) throw busy()
    throw decodeFailure(error)
  }
}
