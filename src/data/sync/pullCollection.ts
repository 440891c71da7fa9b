import { SYNC_DONE, type Collection } from '../../../schema/sync'
import { batchesAhead } from './batchesAhead'
import type { SyncBatch } from './nodes'
import type { BatchWriter } from './writerProtocol'

export type FetchBatch = (
  collection: Collection,
  cursor: string | null,
  signal: AbortSignal,
) => Promise<SyncBatch>

/** What a pull needs; tests give a fake server and the same-thread writer. */
export type SyncDeps = {
  fetchBatch: FetchBatch
  writer: BatchWriter
  readCursor: (collection: Collection) => Promise<string | null>
  /** Whether the collection is marked caught up; without it a pull never marks one. */
  isCaughtUp?: (collection: Collection) => Promise<boolean>
}

/**
 * Brings one collection up to date: from its stored cursor, batch after batch until the server
 * answers DONE. The next two batches are already asked for while the current one is written
 * (batchesAhead), but a cursor is only stored together with its own batch, so stopping anywhere
 * loses nothing.
 * Returns how many nodes were written; `onBatch` hears the running total.
 *
 * The contract with the server: a batch's cursor is the position after its nodes, and DONE means
 * nothing follows the cursor sent, so the position kept is the last one that was not DONE. A
 * collection the server refuses (403) is emptied, rows and position, instead: what a user may not
 * read must not stay on their screen from an earlier load.
 *
 * A pull that reaches DONE marks the collection caught up (after its last batch, which clears the
 * mark), unless nothing was written and the mark is already there: an up-to-date check writes
 * nothing.
 */
export async function pullCollection(
  collection: Collection,
  deps: SyncDeps,
  signal: AbortSignal,
  onBatch: (loaded: number) => void = () => {},
): Promise<number> {
  const stop = new AbortController()
  const abort = () => stop.abort(signal.reason)
  signal.addEventListener('abort', abort)
  try {
    let cursor = await deps.readCursor(collection)
    let loaded = 0
    const batches = batchesAhead((from) => deps.fetchBatch(collection, from, stop.signal), cursor)
    for (;;) {
      const batch = await batches.take()
      signal.throwIfAborted()
      if (batch.forbidden) {
        await deps.writer.write({ kind: 'empty', collection })
        return 0
      }
      const done = batch.cursor === SYNC_DONE
      if (batch.nodes.length > 0 || !done) {
        // Rows that come with DONE (not expected) are kept under the position already held.
        const position = done ? cursor : batch.cursor
        await deps.writer.write({ kind: 'batch', collection, nodes: batch.nodes, cursor: position })
        loaded += batch.nodes.length
        cursor = position
        onBatch(loaded)
      }
      if (done) {
        if (deps.isCaughtUp && (loaded > 0 || !(await deps.isCaughtUp(collection)))) {
          await deps.writer.write({ kind: 'caughtUp', collection, cursor })
        }
        return loaded
      }
    }
  } finally {
    signal.removeEventListener('abort', abort)
    stop.abort()
  }
}
