import type { ListRow } from './filter'
import type { ListTable } from './readPage'

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
  let after: string | undefined
  for (;;) {
    const range = after === undefined ? table.toCollection() : table.where(':id').above(after)
    const rows = await range.limit(chunk).toArray()
    for (const row of rows) if (test(row)) matches.push(row)
    const last = rows[rows.length - 1]
    if (!last || rows.length < chunk) return matches
    after = last.id
  }
}
