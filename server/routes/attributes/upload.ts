import type { FastifyRequest } from 'fastify'
import { IMAGE_UPLOAD_FIELDS } from '../../../schema/attribute-api'
import { ErrorCode } from '../../../schema/errors'
import { isUnsafeText, unsafeTextMessage } from '../../domain/json-shape'
import { ApiError } from '../../errors'
import type { ImageUpload } from '../../use-cases/attribute-images'

const bad = (message: string) => new ApiError(ErrorCode.validation, message, 400)

const F = IMAGE_UPLOAD_FIELDS
const EXPECTED = `Send multipart/form-data with one image file in '${F.file}', and the fields '${F.id}', '${F.filename}' and optionally '${F.section}'.`

const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'Only one file can be sent at a time.',
  FST_FIELDS_LIMIT: 'Too many fields were sent.',
  FST_PARTS_LIMIT: 'Too many parts were sent.',
}

const REPLACEMENT = '\uFFFD'

/** Text fields and their longest accepted value. */
const TEXT_FIELDS: Record<string, number> = { [F.id]: 100, [F.filename]: 255, [F.section]: 100 }

/**
 * The parts of `POST /v1/imageFileUpload` (SPEC.md §7): the file in `image`, and the text fields
 * `id`, `filename` and an optional `section`. Anything else, or a missing part, is a 400 that says
 * what to send. The multipart parser is the visage's (acceptOneFile), limits included.
 */
export async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) throw bad(`The request is not multipart/form-data. ${EXPECTED}`)
  let data: Buffer | undefined
  const text: Record<string, string> = {}
  let problem: string | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== F.file) {
          part.file.resume()
          problem ??= `The file was sent in the field '${part.fieldname}'. ${EXPECTED}`
        } else data = await part.toBuffer()
        continue
      }
      const max = TEXT_FIELDS[part.fieldname]
      const value = typeof part.value === 'string' ? part.value.trim() : ''
      if (max === undefined) problem ??= `Unexpected field '${part.fieldname}'. ${EXPECTED}`
      else if (value.length > max)
        problem ??= `${part.fieldname} must have at most ${max} characters.`
      // Streamed fields miss the app's request-text check; the audit row could not store these.
      else if (isUnsafeText(value)) problem ??= unsafeTextMessage(part.fieldname)
      // The parser has already decoded the bytes, putting U+FFFD where they were not UTF-8; that
      // is the only trace left of them, and a name nobody typed.
      else if (value.includes(REPLACEMENT))
        problem ??= `${part.fieldname} must be UTF-8 text; some of its bytes are not.`
      else text[part.fieldname] = value
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const limit = typeof code === 'string' ? LIMIT_MESSAGES[code] : undefined
    if (limit) throw bad(`${limit} ${EXPECTED}`)
    const reason = error instanceof Error ? error.message : String(error)
    throw bad(`The upload could not be read (${reason}). ${EXPECTED}`)
  }
  if (problem) throw bad(problem)
  if (!data) throw bad(`No file was sent. ${EXPECTED}`)
  const id = text[F.id]
  const filename = text[F.filename]
  if (!id) throw bad(`${F.id} is required. ${EXPECTED}`)
  if (!filename) throw bad(`${F.filename} is required. ${EXPECTED}`)
  return { data, id, filename, ...(text[F.section] ? { section: text[F.section] } : {}) }
}
