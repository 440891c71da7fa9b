import type { ListRow } from '../../data/lists/filter'
import { PAGE_SIZE } from '../../data/lists/listTypes'
import type { ListFilters, ListOptions } from '../../data/lists/options'
import type { FirstPage } from '../../data/lists/readFirstPage'
import type { Page, PageKey } from '../../data/lists/readPage'

type Loaded = { rows: ListRow[]; last: PageKey | null; done: boolean }

/**
 * How many rows a refresh re-reads: as many as are shown, in whole pages, so that a change in the
 * table never shortens the list under the person's scroll position.
 */
export function firstPageSize(shown: number): number {
  return Math.max(1, Math.ceil(shown / PAGE_SIZE)) * PAGE_SIZE
}

/** A first page (or a refresh) replaces what was shown, and clears any error. */
export const showPage = (page: FirstPage) => ({
  rows: page.rows,
  last: page.last,
  done: page.done,
  count: page.count,
  error: null,
})

/** A next page goes after the rows shown; an empty one keeps the key it was read from. */
export const appendPage = (loaded: Loaded, page: Page): Loaded => ({
  rows: [...loaded.rows, ...page.rows],
  last: page.last ?? loaded.last,
  done: page.done,
})

export const withSort = (options: ListOptions, sort: ListOptions['sort']): ListOptions => ({
  ...options,
  sort,
})

export const withFilters = (
  options: ListOptions,
  filters: Partial<Omit<ListFilters, 'text'>>,
): ListOptions => ({ ...options, filters: { ...options.filters, ...filters } })

/** SPEC.md §5: the search is applied trimmed. */
export const withSearch = (options: ListOptions, text: string): ListOptions => ({
  ...options,
  filters: { ...options.filters, text: text.trim() },
})
