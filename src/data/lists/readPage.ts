import { cmp, type Collection } from 'dexie'
import { rowFilter, type ListRow, type ListTable } from './filter'
import { LIST_CONFIG, PAGE_SIZE, type ListType } from './listTypes'
import type { ListOptions } from './options'
import { query } from '../query/query'
import { scanMatching } from './scan'

export type { ListTable }

/** Where a page ended: the sort value and id of its last row, the start of the next read. */
export type PageKey = { value: string | number; id: string }

export type Page = {
  rows: ListRow[]
  /** Null when the page is empty: read again from the same key. */
  last: PageKey | null
  /** True when fewer rows than asked were found: there is nothing after this page. */
  done: boolean
}

const keyOf = (row: ListRow, field: string): [string | number, string] => [
  row[field] as string | number,
  row.id,
]

// A filter on one id or one user narrows the list to a handful of rows: read those with the local
// query helper (SPEC.md §5; its plan reads them through the primary key or the userId index) and
// order them here, rather than walk the sort index. The rest of a list's reading stands apart
// from the helper (docs/console-cache.md 'Lists and the query helper').
async function narrowed(table: ListTable, options: ListOptions): Promise<ListRow[] | undefined> {
  const { id, userId } = options.filters
  if (id) return query<ListRow>(table.db, table.name, { where: { id } })
  const byUser = table.schema.indexes.some((index) => index.name === 'userId')
  if (userId && byUser) return query<ListRow>(table.db, table.name, { where: { userId } })
  return undefined
}

function pageOf(rows: ListRow[], limit: number, field: string): Page {
  const last = rows[rows.length - 1]
  return {
    rows,
    last: last ? { value: last[field] as string | number, id: last.id } : null,
    done: rows.length < limit,
  }
}

/**
 * Reads the page after `after` (or the first page) in the list's sort order, walking the
 * `[field+id]` index from that key, so the cost of a page does not grow with its depth and rows
 * added or removed elsewhere in the list never shift a page boundary (no repeats, no misses).
 */
export async function readPage(
  table: ListTable,
  type: ListType,
  options: ListOptions,
  after: PageKey | null,
  limit = PAGE_SIZE,
): Promise<Page> {
  const { field, direction } = options.sort
  const sign = direction === 'asc' ? 1 : -1
  const test = rowFilter(type, options.filters)
  const few = await narrowed(table, options)
  if (few) {
    const from = after ? ([after.value, after.id] as const) : undefined
    const rows = few
      .filter((row) => (test ? test(row) : true))
      .filter((row) => !from || sign * cmp(keyOf(row, field), from) > 0)
      .sort((a, b) => sign * cmp(keyOf(a, field), keyOf(b, field)))
      .slice(0, limit)
    return pageOf(rows, limit, field)
  }
  const index = `[${field}+id]`
  const bound = after ? [after.value, after.id] : undefined
  let rows: Collection<ListRow, string> = bound
    ? sign > 0
      ? table.where(index).above(bound)
      : table.where(index).below(bound)
    : table.orderBy(index)
  if (sign < 0) rows = rows.reverse()
  if (test) rows = rows.filter(test)
  return pageOf(await rows.limit(limit).toArray(), limit, field)
}

/** How many rows the list holds under its filters: the footer's 'Record Count'. */
export async function countRows(table: ListTable, type: ListType, options: ListOptions): Promise<number> {
  const test = rowFilter(type, options.filters)
  const few = await narrowed(table, options)
  if (few) return test ? few.filter(test).length : few.length
  return test
    ? (await scanMatching(table, test, LIST_CONFIG[type].scanChunk)).length
    : table.count()
}
