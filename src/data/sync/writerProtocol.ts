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

/** An operation for the sync worker; `id` pairs the reply with its request. */
export type WriteRequest = WriteOp & { id: number }

export type WriteReply = { id: number; ok: true } | { id: number; ok: false; message: string }
