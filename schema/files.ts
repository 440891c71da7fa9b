import Type, { type Static } from 'typebox'

/** Largest image upload (DESIGN.md §4): 5 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** The image types an upload may be; anything else (SVG included) is refused. */
export const IMAGE_TYPES = ['PNG', 'JPEG', 'WebP', 'GIF'] as const

/** The multipart field a visage upload travels in (SPEC.md §7). */
export const VISAGE_FIELD = 'visage'

/** How long a signed file URL stays valid. */
export const FILE_URL_SECONDS = 5 * 60

/** A short-lived signed link to a stored file, fetched as an image (`results.url`). */
export const UrlResults = Type.Object({ url: Type.String() })
export type UrlResults = Static<typeof UrlResults>

/** What kind of file it is: one folder per kind under DATA_DIR/files. */
export const FileKind = Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$' })

/** A stored file's name, without its extension. */
export const FileName = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$' })

export const FileParams = Type.Object({ kind: FileKind, name: FileName })
export type FileParams = Static<typeof FileParams>

/** The query a signed URL carries: when it expires (unix seconds) and its HMAC. */
export const SignedFileQuery = Type.Object({
  expires: Type.Integer({ minimum: 0 }),
  signature: Type.String({ maxLength: 128 }),
})
export type SignedFileQuery = Static<typeof SignedFileQuery>
