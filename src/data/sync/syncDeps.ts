import { cacheDb } from '../db/caches'
import { AREA_COLLECTIONS, type Area } from '../db/syncState'
import { noCacheYet } from './firstBatches'
import { allCaughtUp } from './writeBatch'
import { createBatchWriter } from './workerWriter'
import { localWriter, type BatchWriter, type SyncEngine } from './writer'

let engine: SyncEngine | undefined
// Whether this browser had no cache when the sync's code loaded, before any cache was opened.
let cacheMissing: Promise<boolean> | undefined
// Whether anything was ever sent to the engine (a write or a pull may still be in its queue).
let used = false

/**
 * Starts the page's sync engine (the sync worker when there is one) without sending it anything:
 * the sync does so as it starts, right after sign-in, so that the worker's script loads while the
 * caches are opened and claimed. The login never loads it.
 */
export function startSyncEngine(): SyncEngine {
  engine ??= createBatchWriter()
  cacheMissing ??= noCacheYet().catch(() => false)
  return engine
}

/** The page's sync engine: its one writer, and the pulls, in the sync worker when there is one. */
export function syncEngine(): SyncEngine {
  used = true
  return startSyncEngine()
}

/**
 * Where a claim goes: through the engine's queue once anything was sent to it, behind any batch
 * an earlier session of this page left on its way; on this thread before that, when nothing can
 * be queued anywhere (so a claim never waits for the worker to load).
 */
export function claimWriter(): BatchWriter {
  return used && engine ? engine : localWriter()
}

/**
 * Has the engine fetch every collection's first batch while the caches are created, when this
 * browser had no cache as the sync's code loaded (before the first open could create one). Once
 * per page: a later sign-in finds the caches there. `dropFirstBatches` drops those not taken
 * (the sync stopped). Neither sends anything else to the engine, so a claim still runs here.
 */
export function startFirstBatches(): void {
  const started = startSyncEngine()
  const missing = cacheMissing
  cacheMissing = Promise.resolve(false)
  void missing?.then((fresh) => fresh && started.firstBatches('start'))
}

export function dropFirstBatches(): void {
  engine?.firstBatches('clear')
}

/** A pull through the page's engine, which it starts if need be. */
export const enginePull: SyncEngine['pull'] = (collection, signal, onBatch) =>
  syncEngine().pull(collection, signal, onBatch)

/** Whether every collection of an area's (open) cache reached DONE at its last pull. */
export function areaCaughtUp(area: Area): Promise<boolean> {
  return allCaughtUp(cacheDb(area), AREA_COLLECTIONS[area])
}
