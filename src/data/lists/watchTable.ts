import { liveQuery, type Table } from 'dexie'

/**
 * Calls `onChange` whenever rows of the table change after the call, wherever the change was
 * written (this page, the sync worker, another tab: Dexie broadcasts them). Returns the stop.
 */
export function watchTable(
  table: Table<unknown, unknown>,
  onChange: () => void,
  onError: (error: unknown) => void,
): () => void {
  let first = true
  // Counting reads the whole key range, so any write to the table wakes the query.
  const subscription = liveQuery(() => table.count()).subscribe({
    next: () => {
      if (first) first = false
      else onChange()
    },
    error: onError,
  })
  return () => subscription.unsubscribe()
}
