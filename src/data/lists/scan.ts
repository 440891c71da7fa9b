import { cmp } from 'dexie'
import type { ListRow, ListTable } from './filter'

const CHUNK = 10_000

/**
 * Every row that passes `test`, read in primary-key chunks. IndexedDB hands over a chunk in one
 * getAll call, several times faster than walking a cursor row by row, and only the matches are
 * kept, so a search over 100,000 sessions never holds them all at once.
 */
export async function scanMatching(
  table: ListTable,
  test: (row: ListRow) => boolean,
  chunk = CHUNK,
): Promise<ListRow[]> {
  const matches: ListRow[] = []
  await scanChunks(table, chunk, (rows) => {
    for (const row of rows) if (test(row)) matches.push(row)
  })
  return matches
}

/**
 * Calls `each` with the table's rows, `chunk` at a time in primary-key order; each read is a task of
 * its own. An aborted `signal` stops the scan before its next read (a search typed over).
 */
export async function scanChunks(
  table: ListTable,
  chunk: number,
  each: (rows: ListRow[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  let after: string | undefined
  for (;;) {
    signal?.throwIfAborted()
    const range = after === undefined ? table.toCollection() : table.where(':id').above(after)
    const rows = await range.limit(chunk).toArray()
    each(rows)
    const last = rows[rows.length - 1]
    if (!last || rows.length < chunk) return
    after = last.id
  }
}

/**
 * The first `limit` matches in the sort order, and how many match in all, from one chunked scan.
 * Each chunk's matches are sorted and merged into the best `limit` so far, so no step sorts every
 * match at once: a search that matches 90,000 users never holds the main thread for long.
 */
export async function scanTop(
  table: ListTable,
  test: (row: ListRow) => boolean,
  sort: { field: string; direction: 'asc' | 'desc' },
  limit: number,
  chunk = CHUNK,
  signal?: AbortSignal,
): Promise<{ rows: ListRow[]; count: number }> {
  const sign = sort.direction === 'asc' ? 1 : -1
  const order = (a: ListRow, b: ListRow) =>
    sign * cmp([a[sort.field], a.id], [b[sort.field], b.id])
  let top: ListRow[] = []
  let count = 0
  await scanChunks(table, chunk, (rows) => {
    const matches = rows.filter(test)
    count += matches.length
    if (matches.length === 0) return
    const worst = top.length >= limit ? top[top.length - 1] : undefined
    const better = worst ? matches.filter((row) => order(row, worst) < 0) : matches
    if (better.length === 0) return
    top = top.concat(better).sort(order).slice(0, limit)
  }, signal)
  return { rows: top, count }
}
