import { openCaches } from '../db/caches'
import type { OpenResult } from '../db/openCache'
import { Areas } from '../db/syncState'
import type { BatchWriter } from './writer'

/**
 * Opens both caches under the version rule, then claims them for `owner` (`ownerKey`): a cache
 * filled for another user, or under other permissions, is emptied before anything is loaded into
 * it or read from it. The claims go through the writer, behind any batch an earlier session left
 * on its way, so nothing of that session can land after them.
 */
export async function openCachesFor(
  owner: string,
  writer: BatchWriter,
  reload?: () => void,
): Promise<OpenResult> {
  if ((await openCaches(reload)) === 'reset') return 'reset'
  await Promise.all(Areas.map((area) => writer.write({ kind: 'claim', area, owner })))
  return 'open'
}
