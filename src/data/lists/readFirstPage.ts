import { rowFilter } from './filter'
import { LIST_CONFIG, PAGE_SIZE, type ListType } from './listTypes'
import type { ListOptions } from './options'
import { countRows, readPage, type ListTable, type Page } from './readPage'
import { scanTop } from './scan'

/** The first page of a list with its 'Record Count'. */
export type FirstPage = Page & { count: number }

/**
 * The first `limit` rows and the count of all matching rows. Without a search or a filter that
 * needs a scan, both come from indexes; with one, a single chunked scan yields both (the best
 * `limit` matches kept in order as it goes), rather than one walk for the page and another for
 * the count.
 */
export async function readFirstPage(
  table: ListTable,
  type: ListType,
  options: ListOptions,
  limit = PAGE_SIZE,
): Promise<FirstPage> {
  const test = rowFilter(type, options.filters)
  const { id, userId } = options.filters
  if (!test || id || userId) {
    const [page, count] = await Promise.all([
      readPage(table, type, options, null, limit),
      countRows(table, type, options),
    ])
    return { ...page, count }
  }
  const { field } = options.sort
  const { rows, count } = await scanTop(table, test, options.sort, limit, LIST_CONFIG[type].scanChunk)
  const last = rows[rows.length - 1]
  return {
    rows,
    last: last ? { value: last[field] as string | number, id: last.id } : null,
    done: count <= limit,
    count,
  }
}
