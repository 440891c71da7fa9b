import type { Collection } from '../../../schema/sync'
import { fetchSyncBatch } from '../api/sync'
import { claimCache } from '../db/cacheOwner'
import { cacheDb } from '../db/caches'
import { areaOf } from '../db/syncState'
import { firstBatches, withFirstBatches } from './firstBatches'
import { pullCollection, type SyncDeps } from './pullCollection'
import { emptyCollection, isCaughtUp, markCaughtUp, readCursor, writeBatch } from './writeBatch'
import type { BatchWriter, WriteOp } from './writerProtocol'

export type { BatchWriter }

/** Brings one collection up to date (see pullCollection); resolves with the rows written. */
export type PullCollection = (
  collection: Collection,
  signal: AbortSignal,
  onBatch?: (loaded: number) => void,
) => Promise<number>

/** The sync engine: the writer, and whole pulls (fetch, parse, write) run beside it. */
export type SyncEngine = BatchWriter & {
  pull: PullCollection
  /** Fetches every collection's first batch if there is no cache yet, or drops those not taken. */
  firstBatches(action: 'start' | 'clear'): void
}

/** This thread's first batches (the worker's, or the page's without a worker). */
export const threadFirstBatches = firstBatches(fetchSyncBatch)

/** Commits one write to the page's (or the worker's) cache database. */
export async function commitWrite(op: WriteOp): Promise<void> {
  switch (op.kind) {
    case 'batch':
      return writeBatch(cacheDb(areaOf(op.collection)), op.collection, op.nodes, op.cursor)
    case 'empty':
      return emptyCollection(cacheDb(areaOf(op.collection)), op.collection)
    case 'caughtUp':
      return markCaughtUp(cacheDb(areaOf(op.collection)), op.collection, op.cursor)
    case 'claim':
      await claimCache(cacheDb(op.area), op.owner)
  }
}

/** Commits on this thread: in tests, and where the page cannot start a module worker. */
export function localWriter(): BatchWriter {
  return { write: commitWrite, close: () => {} }
}

/** What a pull needs where it runs (the worker, or the page without one): the server, `writer`, the cursors. */
export function pullDeps(writer: BatchWriter): SyncDeps {
  return {
    fetchBatch: withFirstBatches(fetchSyncBatch, threadFirstBatches),
    writer,
    readCursor: (collection: Collection) => readCursor(cacheDb(areaOf(collection)), collection),
    isCaughtUp: (collection: Collection) => isCaughtUp(cacheDb(areaOf(collection)), collection),
  }
}

/** The engine on this thread: the same pulls and writes the worker runs. */
export function localEngine(): SyncEngine {
  const writer = localWriter()
  const deps = pullDeps(writer)
  return {
    ...writer,
    pull: (collection, signal, onBatch) => pullCollection(collection, deps, signal, onBatch),
    firstBatches: (action) => threadFirstBatches[action](),
  }
}
