import { Collections, type Collection } from '../../../schema/sync'
import { Areas } from '../db/syncState'
import type { SyncBatch } from './nodes'
import type { FetchBatch } from './pullCollection'

/** Whether this browser holds no cache database yet (a first sign-in here, or cleared data). */
export async function noCacheYet(idb: IDBFactory | undefined = globalThis.indexedDB): Promise<boolean> {
  if (!idb || typeof idb.databases !== 'function') return false
  const names = new Set((await idb.databases()).map((db) => db.name))
  return Areas.every((area) => !names.has(area))
}

/** Every collection's first batch, fetched before the pulls ask for it (see firstBatches). */
export type FirstBatches = {
  /** Fetches each collection's first batch now (the page decided that there is no cache yet). */
  start(): void
  /** The fetch from no cursor to use instead of a new one: given out once per collection. */
  take(collection: Collection): Promise<SyncBatch> | undefined
  /** Drops and aborts what was fetched and not taken (the session they were fetched for ended). */
  clear(): void
}

/**
 * In a browser without caches, the first batch of every collection is asked for as the sync
 * starts, while the caches are created and claimed, instead of after: a first load's pulls all
 * begin from no cursor, so each takes its batch from here (a pull that finds a stored cursor
 * never asks). The batches are the signed-in session's (its cookie), and the sync drops those
 * not taken when it stops, so none can reach another session's cache. A failed fetch fails the
 * pull that takes it, as its own fetch would have.
 */
export function firstBatches(fetchBatch: FetchBatch): FirstBatches {
  let fetched = new Map<Collection, Promise<SyncBatch>>()
  let controller = new AbortController()
  return {
    start() {
      for (const collection of Collections) {
        const batch = fetchBatch(collection, null, controller.signal)
        // Taken by a pull, which then hears its failure, or dropped.
        batch.catch(() => {})
        fetched.set(collection, batch)
      }
    },
    take(collection) {
      const batch = fetched.get(collection)
      fetched.delete(collection)
      return batch
    },
    clear() {
      controller.abort()
      controller = new AbortController()
      fetched = new Map()
    },
  }
}

/** A batch fetcher that gives out the first batches fetched ahead before fetching anew. */
export function withFirstBatches(fetchBatch: FetchBatch, first: FirstBatches): FetchBatch {
  return (collection, cursor, signal) =>
    (cursor === null ? first.take(collection) : undefined) ?? fetchBatch(collection, cursor, signal)
}
