import { v7 as uuidv7 } from 'uuid'
import { ErrorCode } from '../../schema/errors'
import { renderImage } from '../domain/images'
import { ApiError } from '../errors'
import { WEBP } from '../files/store'
import { AuditAction, recordAudit } from '../repos/audit'
import { type AttributeContext, IMAGE_KIND, imageNameOf } from './attribute-checks'

/**
 * Attribute and option images are kept at twice the largest size the editor shows them
 * (SPEC.md §9: 300x250 px for the main image), so they stay sharp on dense screens.
 */
const SIZE = { name: 'image', maxWidth: 600, maxHeight: 500 } as const

export interface ImageUpload {
  data: Buffer
  /** The key or option the image is for (a NewId_ one when it is not saved yet). */
  id: string
  filename: string
  section?: string
}

/**
 * `POST /v1/imageFileUpload`: checks and re-encodes the image (413, 415, 422 from domain/images)
 * and stores it under a new name. The answer's path is saved on the key or option afterwards
 * (SPEC.md §4), so no row changes here; the upload is audited.
 */
export async function uploadImage(ctx: AttributeContext, actorId: string, upload: ImageUpload) {
  const rendered = await renderImage(upload.data, [SIZE])
  const name = uuidv7()
  const path = `${IMAGE_KIND}/${name}`
  // A file nobody was told about is an orphan: it is stored with the upload's audit row or not at
  // all. Until a key or option names it, the sweep (plugins/files.ts) deletes it after a day.
  await ctx.db.transaction(async (tx) => {
    await ctx.files.save(IMAGE_KIND, name, { contentType: WEBP, data: rendered.image }, tx)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.attributeImageUploaded,
      outcome: 'success',
      actorUserId: actorId,
      detail: {
        path,
        recordId: upload.id,
        filename: upload.filename,
        ...(upload.section ? { section: upload.section } : {}),
      },
    })
  })
  return path
}

/** `POST /v1/imageFileDownload`: a short-lived signed link to a stored attribute image. */
export async function imageUrl(ctx: AttributeContext, path: string): Promise<string> {
  const name = imageNameOf(path)
  if (!name || !(await ctx.files.exists(IMAGE_KIND, name)))
    throw new ApiError(ErrorCode.notFound, `There is no image ${path}.`)
  return ctx.files.signedUrl(IMAGE_KIND, name)
}
