import { ErrorCode } from '../../schema/errors'
import type { Permission } from '../../schema/permissions'
import { type Collection, SYNC_BATCH_MAX, SYNC_DONE, type SyncBody } from '../../schema/sync'
import { mayRead } from '../domain/collection-access'
import { decodeCursor, encodeCursor } from '../domain/sync-cursor'
import type { Viewer } from '../domain/user-visibility'
import { ApiError } from '../errors'
import { readSyncBatch } from '../repos/sync/batch'
import type { UseCaseContext } from './context'

/**
 * The next batch of a collection's changes after the cursor (POST /v1/sync/:collection) and the
 * cursor after it, 'DONE' when nothing follows. A caller without the collection's read permission
 * is told there is nothing to read; rows of accounts hidden from the caller are not sent.
 */
export async function syncBatch(
  ctx: UseCaseContext,
  caller: Viewer & { permissions: readonly Permission[] },
  collection: Collection,
  { cursor, batchSize = SYNC_BATCH_MAX }: SyncBody,
): Promise<{ nodes: object[]; cursor: string }> {
  const after = cursor === null ? null : decodeCursor(cursor)
  if (after === undefined)
    throw new ApiError(ErrorCode.validation, 'The cursor is not one this server gave out.')
  if (!mayRead(caller.permissions, collection)) return { nodes: [], cursor: SYNC_DONE }
  const batch = await readSyncBatch(ctx.db, collection, after, batchSize, caller)
  return { nodes: batch.nodes, cursor: batch.last ? encodeCursor(batch.last) : SYNC_DONE }
}
