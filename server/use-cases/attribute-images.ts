import { v7 as uuidv7 } from 'uuid'
import { ErrorCode } from '../../schema/errors'
import { renderImage } from '../domain/images'
import { ApiError } from '../errors'
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
  await ctx.files.save(IMAGE_KIND, name, rendered.image)
  const path = `${IMAGE_KIND}/${name}`
  // A file nobody was told about is an orphan: keep it only once the upload is on record.
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.attributeImageUploaded,
    outcome: 'success',
    actorUserId: actorId,
    detail: {
      path,
      recordId: upload.id,
      filename: upload.filename,
      ...(upload.section ? { section: upload.section } : {}),
    },
  }).catch(async (error: unknown) => {
    await ctx.files.remove(IMAGE_KIND, name)
    throw error
  })
  return path
}

/** `POST /v1/imageFileDownload`: a short-lived signed link to a stored attribute image. */
export async function imageUrl(ctx: AttributeContext, path: string): Promise<string> {
  const name = imageNameOf(path)
  const file = name ? await ctx.files.open(IMAGE_KIND, name) : undefined
  if (!name || !file) throw new ApiError(ErrorCode.notFound, `There is no image ${path}.`)
  await file.close()
  return ctx.files.signedUrl(IMAGE_KIND, name)
}
