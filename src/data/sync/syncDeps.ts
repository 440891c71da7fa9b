import type { Collection } from '../../../schema/sync'
import { cacheDb } from '../db/caches'
import { areaOf } from '../db/syncState'
import { fetchSyncBatch } from '../api/sync'
import type { SyncDeps } from './pullCollection'
import { createBatchWriter } from './workerWriter'
import { readCursor } from './writeBatch'

let deps: SyncDeps | undefined

/** The page's sync wiring: the server, the page's one writer (worker), the cursors on disk. */
export function syncDeps(): SyncDeps {
  deps ??= {
    fetchBatch: fetchSyncBatch,
    writer: createBatchWriter(),
    readCursor: (collection: Collection) => readCursor(cacheDb(areaOf(collection)), collection),
  }
  return deps
}
