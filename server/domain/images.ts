import sharp from 'sharp'
import { ErrorCode } from '../../schema/errors'
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../schema/files'
import { ApiError, unprocessable } from '../errors'

/**
 * Decoded pixels an upload may have. A 5 MB file can still hold a picture of billions of pixels
 * (a decompression bomb); 50 megapixels is more than any camera photo a person would use as a face
 * or a logo, and bounds the memory one decode can take.
 */
export const IMAGE_MAX_PIXELS = 50_000_000

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

/**
 * Checks an upload and re-encodes it to WebP in each named size. Orientation is applied first, and
 * nothing of the original travels on: EXIF (camera, place), XMP, ICC and comments are dropped, as
 * is any payload hidden in the file. An animated GIF keeps its first frame.
 */
export async function renderImage<Name extends string>(
  data: Buffer,
  sizes: readonly ImageSize<Name>[],
): Promise<Record<Name, Buffer>> {
  const format = checkUpload(data)
  const source = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
  try {
    const metadata = await source.metadata()
    // The decoder must agree with the magic bytes, so no other loader (SVG, TIFF…) ever runs.
    if (metadata.format !== format) throw new Error(`decoded as ${metadata.format}`)
    const rendered = await Promise.all(
      sizes.map(async (size) => {
        const output = await source
          .clone()
          .autoOrient()
          .resize({
            width: size.maxWidth,
            height: size.maxHeight,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 85 })
          .toBuffer()
        return [size.name, output] as const
      }),
    )
    return Object.fromEntries(rendered) as Record<Name, Buffer>
  } catch (error) {
    throw decodeFailure(error)
  }
}
