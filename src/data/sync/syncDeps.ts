import { createBatchWriter } from './workerWriter'
import type { SyncEngine } from './writer'

let engine: SyncEngine | undefined

/** The page's sync engine: its one writer, and the pulls, in the sync worker when there is one. */
export function syncEngine(): SyncEngine {
  engine ??= createBatchWriter()
  return engine
}
