import type { Collection } from '../../../schema/sync'
import { AREA_COLLECTIONS, type Area } from '../db/syncState'
import type { PullCollection } from './writer'

/**
 * Which table is being loaded and how many of its rows have arrived: the loading screen's words.
 * `background` names the collections of an area shown as they are (all caught up at their last
 * pull) and brought up to date once content shows.
 */
export type SyncProgress = {
  area: Area
  table: Collection
  loaded: number
  background?: readonly Collection[]
}

/** Whether every collection of an area was caught up at its last pull (and nothing came after). */
export type AreaCaughtUp = (area: Area) => Promise<boolean>

/**
 * Loads every collection of an area, all at once (the server answers one while the cache writes
 * another's batch, and no table waits for the one before it), reporting as each batch lands: the
 * table named is the one with the most rows so far among those still loading, so the tiny tables
 * never hide a 100,000-row one. An area whose collections are all caught up is not loaded at all:
 * it reports them as `background` and ends, so a warm start shows content without a round trip.
 */
export async function syncArea(
  area: Area,
  pull: PullCollection,
  signal: AbortSignal,
  onProgress: (progress: SyncProgress) => void,
  caughtUp?: AreaCaughtUp,
): Promise<void> {
  const tables = AREA_COLLECTIONS[area]
  if (caughtUp && (await caughtUp(area))) {
    signal.throwIfAborted()
    return onProgress({ area, table: tables[0], loaded: 0, background: tables })
  }
  const running = new Map<Collection, number>()
  const report = () => {
    let table: Collection | undefined
    let loaded = -1
    for (const [name, rows] of running) {
      if (rows > loaded) [table, loaded] = [name, rows]
    }
    if (table) onProgress({ area, table, loaded })
  }
  await Promise.all(
    tables.map(async (table) => {
      running.set(table, 0)
      report()
      await pull(table, signal, (loaded) => {
        running.set(table, loaded)
        report()
      })
      running.delete(table)
    }),
  )
}

/** Pulls what changed in the named collections (after a change notice from the server). */
export async function pullCollections(
  collections: readonly Collection[],
  pull: PullCollection,
  signal: AbortSignal,
): Promise<void> {
  await Promise.all(collections.map((collection) => pull(collection, signal)))
}
