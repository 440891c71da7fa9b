import fastifyMultipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { ErrorCode } from '../../../schema/errors'
import { IMAGE_MAX_BYTES } from '../../../schema/files'
import type { App } from '../../app-types'
import { ApiError } from '../../errors'

const bad = (message: string) => new ApiError(ErrorCode.validation, message, 400)

/** What the multipart limits' errors mean to the person sending. */
const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'Only one file can be sent at a time.',
  FST_FIELDS_LIMIT: 'Send only the file, with no other fields.',
  FST_PARTS_LIMIT: 'Send only the file, with no other fields.',
}

/**
 * Makes the routes of this (encapsulated) instance take one multipart file. Multipart bodies are
 * streamed by the route, so the app's 64 KB JSON limit stays as it is; one byte over 5 MB is kept so
 * that the image check can tell an oversized file from one of exactly 5 MB. Any other body is read
 * within that 64 KB limit and refused by the route with a message about the upload, not about JSON.
 */
export async function acceptOneFile(app: App) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
    done(null, undefined)
  })
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 4, fieldSize: 1024, parts: 5, fileSize: IMAGE_MAX_BYTES + 1 },
    throwFileSizeLimit: false,
  })
}

/**
 * The bytes of the one file sent in `field`: anything else (no file, another field name, a second
 * part, a body that is not multipart or cannot be parsed) is a 400 that says what to send.
 */
export async function readOneFile(request: FastifyRequest, field: string): Promise<Buffer> {
  const expected = `Send one image file in the multipart/form-data field '${field}'.`
  if (!request.isMultipart()) throw bad(`The request is not multipart/form-data. ${expected}`)
  let data: Buffer | undefined
  let problem: string | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') problem ??= `Unexpected field '${part.fieldname}'. ${expected}`
      else if (part.fieldname !== field) {
        part.file.resume()
        problem ??= `The file was sent in the field '${part.fieldname}'. ${expected}`
      } else data = await part.toBuffer()
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const limit = typeof code === 'string' ? LIMIT_MESSAGES[code] : undefined
    if (limit) throw bad(`${limit} ${expected}`)
    const reason = error instanceof Error ? error.message : String(error)
    throw bad(`The upload could not be read (${reason}). ${expected}`)
  }
  if (problem) throw bad(problem)
  if (!data) throw bad(`No file was sent. ${expected}`)
  return data
}
