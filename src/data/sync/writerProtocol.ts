import type { Collection } from '../../../schema/sync'
import type { SyncNode } from './nodes'

/** A batch for the sync worker to commit; `id` pairs the reply with its request. */
export type WriteRequest = {
  id: number
  collection: Collection
  nodes: SyncNode[]
  cursor: string | null
}

export type WriteReply = { id: number; ok: true } | { id: number; ok: false; message: string }
