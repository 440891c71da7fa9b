import { liveQuery, type Table } from 'dexie'

/** Who follows one cached row: `next` with the row, or undefined when there is none. */
export type RowWatcher<T> = {
  next: (row: T | undefined) => void
  error: (error: unknown) => void
}

/**
 * Follows one row of a cache table: `next` with the row now and after every change, wherever it
 * was written (this page, the sync worker, another tab). Returns the stop.
 */
export function watchRow<T>(table: () => Table<T, string>, id: string, watcher: RowWatcher<T>) {
  const subscription = liveQuery(() => table().get(id)).subscribe(watcher)
  return () => subscription.unsubscribe()
}
