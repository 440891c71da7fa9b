import type { Collection } from '../../../schema/sync'
import type { Db } from '../../db/types'
import { cachePerOwner } from '../../domain/bounded-cache'
import { type ChangePosition, comparePositions } from '../../domain/sync-cursor'
import { type Viewer, viewKey } from '../../domain/user-visibility'
import { syncSources } from './sources'
import { readTombstones } from './tombstones'
import { type Change, snapshotBound } from './window'

export interface SyncBatch {
  nodes: object[]
  /** The position after the last node; null when nothing follows `after`. */
  last: ChangePosition | null
}

/**
 * The next changes of a collection after `after` as `viewer` may see them: its rows and its
 * tombstones merged into one stream in (txid, rev) order, at most `limit` changes. Both reads share
 * one snapshot bound, so whatever is left out of this batch sorts after its last change and comes
 * in a later one. Changes hidden from the viewer count toward the limit and move the position on,
 * but send no node, so a batch may hold fewer nodes than changes, or none.
 */
export async function readSyncBatch(
  db: Db,
  collection: Collection,
  after: ChangePosition | null,
  limit: number,
  viewer: Viewer,
): Promise<SyncBatch> {
  const bound = await snapshotBound(db)
  // Under one bound no transaction has finished since, so the same window reads the same batch:
  // consoles that ask together (a cold load, a change told to all) share one read.
  const cache = recentBatches(db)
  // Readers who see different accounts read different batches.
  const view = viewKey(viewer, ['users.read', 'sessions.read'])
  const key = `${collection}|${after ? `${after.txid}.${after.rev}` : ''}|${limit}|${bound}|${view}`
  const known = cache.get(key)
  if (known) return known
  const reading = readBatch(db, collection, { bound, after, limit }, viewer)
  reading.catch(() => {
    if (cache.get(key) === reading) cache.delete(key)
  })
  return cache.set(key, reading)
}

/** The last few batches read, per database (docs/server-performance.md). */
const recentBatches = cachePerOwner<Db, string, Promise<SyncBatch>>(8)

async function readBatch(
  db: Db,
  collection: Collection,
  window: { bound: string; after: ChangePosition | null; limit: number },
  viewer: Viewer,
): Promise<SyncBatch> {
  const [rows, deletions] = await Promise.all([
    syncSources[collection].read(db, window, viewer),
    readTombstones(db, collection, window),
  ])
  const merged = mergeChanges<object>(rows, deletions, window.limit)
  const last = merged.at(-1)
  return {
    nodes: merged.filter((change) => !change.hidden).map((change) => change.node),
    last: last ? { txid: last.txid, rev: last.rev } : null,
  }
}

/** Merges two streams already in change order, keeping the first `limit` changes. */
function mergeChanges<Node>(a: Change<Node>[], b: Change<Node>[], limit: number): Change<Node>[] {
  const merged: Change<Node>[] = []
  let i = 0
  let j = 0
  while (merged.length < limit && (i < a.length || j < b.length)) {
    const left = a[i]
    const right = b[j]
    if (left && (!right || comparePositions(left, right) < 0)) {
      merged.push(left)
      i++
    } else if (right) {
      merged.push(right)
      j++
    }
  }
  return merged
}
