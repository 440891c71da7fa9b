import type { DexieOptions } from 'dexie'
import type { Collection } from '../../../schema/sync'

/**
 * How both caches open. Relaxed durability: Chromium commits a transaction without waiting for
 * the disk to flush it. A cache is a copy of the server's data; what a crash could lose is the
 * last committed batches, and with them their cursors (one transaction), so the next start
 * fetches them again. Saves a flush per 5000-row batch.
 */
export const CACHE_OPTIONS: DexieOptions = { chromeTransactionDurability: 'relaxed' }

/**
 * How far a collection has been read from the server. Written in the same transaction as the batch
 * it follows, so a stored cursor always describes rows that are really on disk.
 */
export type SyncState = {
  collection: Collection
  /** The server's opaque position after the last committed batch; null before the first. */
  cursor: string | null
  updatedAt: string
  /**
   * Set when a pull reached DONE after this cursor, cleared by every batch written: a cache whose
   * collections are all caught up was fully loaded once, so a warm start shows it at once and
   * brings it up to date in the background (an interrupted first load is not caught up).
   */
  caughtUp?: true
}

/**
 * The syncState key that records whom a cache was filled for (`cacheOwner.ts`). Kept in syncState
 * rather than a table of its own so that the schema, and with it the cache version, stays as it is.
 * No collection has this name.
 */
export const OWNER_ROW = '#owner'

/** The reserved syncState row: the owner key of the user the cache holds rows for. */
export type OwnerRow = { collection: typeof OWNER_ROW; owner: string; updatedAt: string }

/** The areas of the console's cache: one IndexedDB database each (SPEC.md §1). */
export const Areas = ['identity', 'attributes'] as const
export type Area = (typeof Areas)[number]

/** Which database holds each synced collection (SPEC.md §7 'Local cache'). */
export const AREA_COLLECTIONS = {
  identity: ['services', 'sessions', 'users', 'serviceAssignments'],
  attributes: [
    'attributeKeys',
    'attributeKeyAssociations',
    'attributeKeyOptions',
    'attributeKeyConditions',
  ],
} as const satisfies Record<Area, readonly Collection[]>

export function areaOf(collection: Collection): Area {
  return (AREA_COLLECTIONS.identity as readonly Collection[]).includes(collection)
    ? 'identity'
    : 'attributes'
}
