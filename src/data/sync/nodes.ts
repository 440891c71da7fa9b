import type { Tombstone } from '../../../schema/sync'

/** A synced row as the server sends it: an entity of the collection's schema. */
export type SyncRow = { id: string } & Record<string, unknown>

/** What a sync batch carries: rows to store, or tombstones for rows deleted on the server. */
export type SyncNode = SyncRow | Tombstone

export const isTombstone = (node: SyncNode): node is Tombstone =>
  (node as Partial<Tombstone>).tombstone === true

/**
 * One answer of POST /v1/sync/:collection: the nodes, and the position after them. `forbidden`
 * marks a refusal (403): the user may not read the collection, so the cache must hold none of it.
 */
export type SyncBatch = { nodes: SyncNode[]; cursor: string; forbidden?: true }
