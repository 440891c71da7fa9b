import { cmp } from 'dexie'
import { rowFilter, type ListRow } from './filter'
import { LIST_CONFIG, type ListType } from './listTypes'
import { listTable } from './listSource'
import type { ListOptions } from './options'
import type { ListTable } from './readPage'
import { scanMatching } from './scan'

/**
 * Every row the list holds under its filters and search, in its sort order: what 'Export CSV'
 * writes. Without a filter the sort index is read whole; with one, a chunked scan and one sort.
 */
export async function matchingRows(
  type: ListType,
  options: ListOptions,
  table: ListTable = listTable(type),
): Promise<ListRow[]> {
  const { field, direction } = options.sort
  const test = rowFilter(type, options.filters)
  if (!test) {
    const ordered = table.orderBy(`[${field}+id]`)
    return (direction === 'desc' ? ordered.reverse() : ordered).toArray()
  }
  const sign = direction === 'asc' ? 1 : -1
  const rows = await scanMatching(table, test, LIST_CONFIG[type].scanChunk)
  return rows.sort((a, b) => sign * cmp([a[field], a.id], [b[field], b.id]))
}

/** The ids of every row under the list's filters and search: 'Select all N matching'. */
export async function matchingIds(
  type: ListType,
  options: ListOptions,
  table: ListTable = listTable(type),
): Promise<string[]> {
  const test = rowFilter(type, options.filters)
  if (!test) return await table.toCollection().primaryKeys()
  return (await scanMatching(table, test, LIST_CONFIG[type].scanChunk)).map((row) => row.id)
}
