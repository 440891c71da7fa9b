import type { Collection } from '../../../schema/sync'
import type { Area } from '../db/syncState'
import type { SyncNode } from './nodes'

/**
 * What the sync writer commits, one after the other in the order asked: a batch and the cursor
 * after it; a collection emptied because the user may not read it; a cache claimed for its owner.
 * Claims travel the same queue as batches, so a batch of an earlier session still on its way
 * lands before the claim that clears it, never after.
 */
export type WriteOp =
  | { kind: 'batch'; collection: Collection; nodes: SyncNode[]; cursor: string | null }
  | { kind: 'empty'; collection: Collection }
  | { kind: 'claim'; area: Area; owner: string }
  /** A pull reached DONE at `cursor`: the collection is caught up (SyncState.caughtUp). */
  | { kind: 'caughtUp'; collection: Collection; cursor: string | null }

/** An operation for the sync worker; `id` pairs the reply with its request. */
export type WriteRequest = WriteOp & { id: number }

/**
 * A whole pull for the sync worker: it fetches, parses and writes the collection's batches itself
 * and tells the page only how many rows have landed. `abort` stops the pull of that id.
 */
export type PullRequest = { kind: 'pull'; id: number; collection: Collection }
export type AbortRequest = { kind: 'abort'; id: number }
/** Fetch every collection's first batch now if there is no cache yet, or drop those not taken. */
export type FirstBatchesRequest = { kind: 'firstBatches'; action: 'start' | 'clear' }

/** Everything the page sends the sync worker. */
export type WorkerRequest = WriteRequest | PullRequest | AbortRequest | FirstBatchesRequest

/** How a failure crosses to the page: an ApiError keeps its status and code (the page rebuilds it). */
export type FailureReply = {
  id: number
  ok: false
  message: string
  api?: { status: number; code: number; network: boolean }
  /** 'AbortError' for an aborted pull. */
  name?: string
}

/** The end of a write or a pull; a pull's carries the rows it wrote. */
export type WriteReply = { id: number; ok: true; loaded?: number } | FailureReply

/** Rows written so far by pull `id`; and the session ended (401) during a pull. */
export type WorkerNotice = { kind: 'progress'; id: number; loaded: number } | { kind: 'expired' }

export type WorkerMessage = WriteReply | WorkerNotice

/** Where sync writes are committed: a Web Worker in the browser, this thread otherwise. */
export type BatchWriter = {
  write(op: WriteOp): Promise<void>
  close(): void
}
