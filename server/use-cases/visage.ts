import { v7 as uuidv7 } from 'uuid'
import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import { renderImage } from '../domain/images'
import { ApiError } from '../errors'
import { type FileStore, WEBP, isFileRef } from '../files/store'
import { AuditAction, recordAudit } from '../repos/audit'
import { findUserById, findUserSeenBy, lockVisage, updateUser } from '../repos/users'
import type { UseCaseContext } from './context'
import { type Editor, loadEditable } from './profile'

const KIND = 'visage'
/** A face in a circle or a card: fitted inside 512×512, never enlarged, aspect kept. */
const SIZE = { name: 'visage', maxWidth: 512, maxHeight: 512 } as const

export interface VisageContext extends UseCaseContext {
  files: FileStore
}

const noSuchUser = () => new ApiError(ErrorCode.notFound, 'There is no such user.')

/**
 * Users see their own visage; someone else's takes users.read (or users.write), and one of the
 * accounts the actor may see.
 */
async function loadViewable(ctx: VisageContext, { actor, targetId }: Editor): Promise<UserRow> {
  const allowed = ['users.read', 'users.write'] as const
  if (actor.id !== targetId && !allowed.some((p) => actor.permissions.includes(p))) {
    throw new ApiError(ErrorCode.forbidden)
  }
  const target =
    actor.id === targetId ? actor : await findUserSeenBy(ctx.db, actor, targetId, 'users.write')
  if (!target) throw noSuchUser()
  return target
}

async function reload(ctx: VisageContext, { targetId }: Editor): Promise<UserRow> {
  const row = await findUserById(ctx.db, targetId)
  if (!row) throw noSuchUser()
  return row
}

/**
 * Points the user's visage at `ref` (or null) in one transaction with its audit row, the new
 * image's file and the deletion of the file it replaced, so a file is stored exactly while a row
 * names it. The row is locked first, so of two changes at once each learns what the other left.
 */
async function swap(ctx: VisageContext, editor: Editor, ref: string | null, image?: Buffer) {
  return ctx.db.transaction(async (tx) => {
    const current = await lockVisage(tx, editor.targetId)
    if (!current) throw noSuchUser()
    if (current.visage === ref) return undefined
    if (ref && image) await ctx.files.save(KIND, ref, { contentType: WEBP, data: image }, tx)
    if (current.visage && isFileRef(KIND, current.visage))
      await ctx.files.remove(KIND, current.visage, tx)
    const row = await updateUser(tx, editor.targetId, { visage: ref })
    if (!row) throw noSuchUser()
    await recordAudit(tx, ctx.client, {
      action: AuditAction.userUpdated,
      outcome: 'success',
      actorUserId: editor.actor.id,
      subjectUserId: editor.targetId,
      detail: { field: 'visage', change: ref ? 'uploaded' : 'deleted' },
    })
    return row
  })
}

/**
 * Stores a new visage: permission first, then the upload is read, checked and re-encoded, and
 * stored under a new reference (so every cache of the old one misses) in the transaction that
 * changes the row and deletes the old file: a failed commit leaves neither behind.
 */
export async function replaceVisage(
  ctx: VisageContext,
  editor: Editor,
  readUpload: () => Promise<Buffer>,
): Promise<UserRow> {
  await loadEditable(ctx, editor)
  const images = await renderImage(await readUpload(), [SIZE])
  const row = await swap(ctx, editor, uuidv7(), images.visage)
  return row ?? (await reload(ctx, editor))
}

/** Removes the visage; asking again when there is none changes nothing and answers the user. */
export async function deleteVisage(ctx: VisageContext, editor: Editor): Promise<UserRow> {
  const target = await loadEditable(ctx, editor)
  if (!target.visage) return target
  return (await swap(ctx, editor, null)) ?? (await reload(ctx, editor))
}

/** A short-lived link to the user's visage; 404 when there is none. */
export async function visageUrl(ctx: VisageContext, editor: Editor): Promise<string> {
  const target = await loadViewable(ctx, editor)
  if (!target.visage || !isFileRef(KIND, target.visage)) {
    throw new ApiError(ErrorCode.notFound, 'This user has no visage.')
  }
  return ctx.files.signedUrl(KIND, target.visage)
}
