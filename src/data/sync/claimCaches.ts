import { Areas } from '../db/syncState'
import type { BatchWriter } from './writer'

/**
 * Claims both (open) caches for `owner` (`ownerKey`): a cache filled for another user, or under
 * other permissions, is emptied before anything is loaded into it or read from it. The claims go
 * through the writer, behind any batch an earlier session left on its way, so nothing of that
 * session can land after them.
 */
export async function claimCaches(owner: string, writer: BatchWriter): Promise<void> {
  await Promise.all(Areas.map((area) => writer.write({ kind: 'claim', area, owner })))
}
