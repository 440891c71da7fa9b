import { v7 as uuidv7 } from 'uuid'
import { ErrorCode } from '../../schema/errors'
import { LOGO_SIZES, type LogoSize } from '../../schema/service'
import type { ServiceRow } from '../db/schema/services'
import { type ImageSize, renderImage } from '../domain/images'
import { ApiError } from '../errors'
import { type FileStore, isFileRef } from '../files/store'
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
  log: { warn(detail: object, message: string): void }
}

/** The stored file of one size of the logo `ref`: DATA_DIR/files/logo/<ref>-<size>.webp. */
export const logoFileName = (ref: string, size: LogoSize) => `${ref}-${size}`

/** Removed files are only clutter: failing to remove them must not fail a change that committed. */
async function discard(ctx: LogoContext, ref: string | null) {
  if (!ref) return
  for (const size of NAMES) {
    const name = logoFileName(ref, size)
    if (!isFileRef(KIND, name)) return
    await ctx.files.remove(KIND, name).catch((error: unknown) => {
      ctx.log.warn({ err: error, ref }, 'could not remove a replaced logo file')
    })
  }
}

async function editable(ctx: LogoContext, id: string): Promise<ServiceRow> {
  const row = await findServiceById(ctx.db, id)
  if (!row) throw noSuchService()
  if (row.deleted) throw deletedService()
  return row
}

/**
 * Points the service's logo at `ref` (or null) in one transaction with its audit row, and answers
 * the row and the reference it replaced. The row is locked first, so of two changes at once each
 * learns what the other left behind.
 */
async function swap(ctx: LogoContext, actorId: string, id: string, ref: string | null) {
  return ctx.db.transaction(async (tx) => {
    const current = await lockService(tx, id)
    if (!current) throw noSuchService()
    if (current.deleted) throw deletedService()
    if (current.logo === ref) return { row: current, previous: null }
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
    return { row, previous: current.logo }
  })
}

/**
 * Stores a new logo: the service must exist and not be deleted; then the upload is read, checked
 * and re-encoded in three sizes, written under a new reference (so every link to the old one
 * misses), and only then the row changes. The old files go after the commit; a failed commit takes
 * the new ones away again.
 */
export async function replaceLogo(
  ctx: LogoContext,
  actorId: string,
  id: string,
  readUpload: () => Promise<Buffer>,
): Promise<ServiceRow> {
  await editable(ctx, id)
  const images = await renderImage(await readUpload(), SIZES)
  const ref = uuidv7()
  let swapped: Awaited<ReturnType<typeof swap>>
  try {
    for (const size of NAMES) await ctx.files.save(KIND, logoFileName(ref, size), images[size])
    swapped = await swap(ctx, actorId, id, ref)
  } catch (error) {
    await discard(ctx, ref)
    throw error
  }
  await discard(ctx, swapped.previous)
  return swapped.row
}

/** Removes the logo; asking again when there is none changes nothing and answers the service. */
export async function deleteLogo(ctx: LogoContext, actorId: string, id: string) {
  const current = await editable(ctx, id)
  if (!current.logo) return current
  const swapped = await swap(ctx, actorId, id, null)
  await discard(ctx, swapped.previous)
  return swapped.row
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
