import type { Collection } from '../../../schema/sync'
import { cacheDb } from '../db/caches'
import { areaOf } from '../db/syncState'
import type { SyncNode } from './nodes'
import { writeBatch } from './writeBatch'

/** Where sync batches are committed: a Web Worker in the browser, this thread otherwise. */
export type BatchWriter = {
  write(collection: Collection, nodes: SyncNode[], cursor: string | null): Promise<void>
  close(): void
}

/** Commits on this thread: in tests, and where the page cannot start a module worker. */
export function localWriter(): BatchWriter {
  return {
    write: (collection, nodes, cursor) =>
      writeBatch(cacheDb(areaOf(collection)), collection, nodes, cursor),
    close: () => {},
  }
}
