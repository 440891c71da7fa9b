import { cacheDb } from '../db/caches'
import { AREA_COLLECTIONS, type Area } from '../db/syncState'
import { allCaughtUp } from './writeBatch'
import { createBatchWriter } from './workerWriter'
import { localWriter, type BatchWriter, type SyncEngine } from './writer'

let engine: SyncEngine | undefined

/**
 * The page's sync engine: its one writer, and the pulls, in the sync worker when there is one.
 * Started by the first pull, not with the page: the login never loads the worker, and a warm
 * start shows content before it is needed.
 */
export function syncEngine(): SyncEngine {
  engine ??= createBatchWriter()
  return engine
}

/**
 * Where a claim goes: through the engine's queue once it runs, behind any batch an earlier session
 * of this page left on its way; on this thread before it was ever started, when nothing can be
 * queued anywhere (so a warm start never waits for the worker to load).
 */
export function claimWriter(): BatchWriter {
  return engine ?? localWriter()
}

/** A pull through the page's engine, which it starts if need be. */
export const enginePull: SyncEngine['pull'] = (collection, signal, onBatch) =>
  syncEngine().pull(collection, signal, onBatch)

/** Whether every collection of an area's (open) cache reached DONE at its last pull. */
export function areaCaughtUp(area: Area): Promise<boolean> {
  return allCaughtUp(cacheDb(area), AREA_COLLECTIONS[area])
}
