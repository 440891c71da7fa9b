import { SYNC_DONE } from '../../../schema/sync'
import type { SyncBatch } from './nodes'

/** Batches asked for ahead of the one being written: the server and the writes overlap. */
export const BATCHES_AHEAD = 2

/** The batches of one pull, in order, fetched ahead of the writer. */
export type BatchesAhead = {
  /** The next batch; call it again only after the one before has settled. */
  take(): Promise<SyncBatch>
}

const isLast = (batch: SyncBatch) => batch.forbidden === true || batch.cursor === SYNC_DONE

/**
 * Fetches the batches of a pull from `cursor` on, each as soon as the one before it answered (its
 * cursor is the next one's start), while at most `ahead` batches wait to be taken: with two, the
 * server answers the next but one while the writer commits a batch, so a write that outlasts a
 * fetch no longer leaves the server idle (one ahead did). A failed fetch, a refusal or DONE ends
 * the fetching; the failure reaches whoever takes that batch.
 */
export function batchesAhead(
  fetchFrom: (cursor: string | null) => Promise<SyncBatch>,
  cursor: string | null,
  ahead = BATCHES_AHEAD,
): BatchesAhead {
  const waiting: Promise<SyncBatch>[] = []
  // The cursor of an answered batch whose follower waits for room among the waiting.
  let held: string | undefined

  const request = (from: string | null) => {
    const batch = fetchFrom(from)
    waiting.push(batch)
    batch.then(
      (answered) => {
        if (isLast(answered)) return
        if (waiting.length < ahead) request(answered.cursor)
        else held = answered.cursor
      },
      // Taken with the batch, or never (an abort, or the writer failed first).
      () => {},
    )
  }
  request(cursor)

  return {
    take() {
      const next = waiting.shift()
      if (!next) return Promise.reject(new Error('No batch follows the last one.'))
      if (held !== undefined) {
        const from = held
        held = undefined
        request(from)
      }
      return next
    },
  }
}
