import type { Collection } from '../../../schema/sync'
import { AREA_COLLECTIONS, type Area } from '../db/syncState'
import type { PullCollection } from './writer'

/** Which table is being loaded and how many of its rows have arrived: the loading screen's words. */
export type SyncProgress = { area: Area; table: Collection; loaded: number }

/** Loads every collection of an area, one after the other, reporting as each batch lands. */
export async function syncArea(
  area: Area,
  pull: PullCollection,
  signal: AbortSignal,
  onProgress: (progress: SyncProgress) => void,
): Promise<void> {
  for (const table of AREA_COLLECTIONS[area]) {
    onProgress({ area, table, loaded: 0 })
    await pull(table, signal, (loaded) => onProgress({ area, table, loaded }))
  }
}

/** Pulls what changed in the named collections (after a change notice from the server). */
export async function pullCollections(
  collections: readonly Collection[],
  pull: PullCollection,
  signal: AbortSignal,
): Promise<void> {
  for (const collection of collections) await pull(collection, signal)
}
