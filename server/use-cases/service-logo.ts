import { v7 as uuidv7 } from 'uuid'
import { ErrorCode } from '../../schema/errors'
import { LOGO_SIZES, type LogoSize } from '../../schema/service'
import type { ServiceRow } from '../db/schema/services'
import { type ImageSize, renderImage } from '../domain/images'
import { ApiError } from '../errors'
import { type FileStore, WEBP, isFileRef } from '../files/store'
import { AuditAction, recordAudit } from '../repos/audit'
import { findServiceById, lockService, updateService } from '../repos/services'
import type { UseCaseContext } from './context'
import { deletedService, noSuchService } from './services'

const KIND = 'logo'
const NAMES = Object.keys(LOGO_SIZES) as LogoSize[]
/** Each rendition fitted inside a square box, never enlarged, aspect kept. */
const SIZES: ImageSize<LogoSize>[] = NAMES.map((name) => ({
  name,
  maxWidth: LOGO_SIZES[name],
  maxHeight: LOGO_SIZES[name],
}))

export interface LogoContext extends UseCaseContext {
  files: FileStore
}

/** The stored file of one size of the logo `ref`: key logo/<ref>-<size>. */
export const logoFileName = (ref: string, size: LogoSize) => `${ref}-${size}`

async function editable(ctx: LogoContext, id: string): Promise<ServiceRow> {
  const row = await findServiceById(ctx.db, id)
  if (!row) throw noSuchService()
  if (row.deleted) throw deletedService()
  return row
}

/**
 * Points the service's logo at `ref` (or null) in one transaction with its audit row, the new
 * logo's files and the deletion of the files it replaced, so files are stored exactly while a row
 * names them. The row is locked first, so of two changes at once each learns what the other left.
 */
async function swap(
  ctx: LogoContext,
  actorId: string,
  id: string,
  ref: string | null,
  images?: Record<LogoSize, Buffer>,
) {
  return ctx.db.transaction(async (tx) => {
    const current = await lockService(tx, id)
    if (!current) throw noSuchService()
    if (current.deleted) throw deletedService()
    if (current.logo === ref) return current
    for (const size of NAMES) {
      if (ref && images)
        await ctx.files.save(
          KIND,
          logoFileName(ref, size),
          { contentType: WEBP, data: images[size] },
          tx,
        )
      const old = current.logo ? logoFileName(current.logo, size) : undefined
      if (old && isFileRef(KIND, old)) await ctx.files.remove(KIND, old, tx)
    }
    const row = await updateService(tx, id, { logo: ref, hasLogo: ref !== null })
    if (!row) throw noSuchService()
    await recordAudit(tx, ctx.client, {
      action: AuditAction.serviceUpdated,
      outcome: 'success',
      actorUserId: actorId,
      detail: {
        serviceId: id,
        key: current.key,
        field: 'logo',
        change: ref ? 'uploaded' : 'removed',
      },
    })
    return row
  })
}

/**
 * Stores a new logo: the service must exist and not be deleted; then the upload is read, checked
 * and re-encoded in three sizes, and stored under a new reference (so every link to the old one
 * misses) in the transaction that changes the row and deletes the old files.
 */
export async function replaceLogo(
  ctx: LogoContext,
  actorId: string,
  id: string,
  readUpload: () => Promise<Buffer>,
): Promise<ServiceRow> {
  await editable(ctx, id)
  const images = await renderImage(await readUpload(), SIZES)
  return swap(ctx, actorId, id, uuidv7(), images)
}

/** Removes the logo; asking again when there is none changes nothing and answers the service. */
export async function deleteLogo(ctx: LogoContext, actorId: string, id: string) {
  const current = await editable(ctx, id)
  if (!current.logo) return current
  return swap(ctx, actorId, id, null)
}

/** A short-lived link to one size of the service's logo; 404 when it has none. */
export async function logoUrl(ctx: LogoContext, id: string, size: LogoSize): Promise<string> {
  const row = await findServiceById(ctx.db, id)
  if (!row) throw noSuchService()
  if (!row.logo || !isFileRef(KIND, logoFileName(row.logo, size))) {
    throw new ApiError(ErrorCode.notFound, 'This service has no logo.')
  }
  return ctx.files.signedUrl(KIND, logoFileName(row.logo, size))
}
