import { assign, setup } from 'xstate'
import type { ListRow } from '../../data/lists/filter'
import type { ListType } from '../../data/lists/listTypes'
import { saveListOptions, type ListFilters, type ListOptions } from '../../data/lists/options'
import type { PageKey } from '../../data/lists/readPage'
import { loadFirstPage, loadNextPage, restoreOptions, watchChanges } from './list.actors'

export type ListContext = {
  type: ListType
  options: ListOptions
  /** What the search field holds; applied (trimmed) to `options.filters.text` after 100 ms. */
  searchText: string
  rows: ListRow[]
  /** Where the next page starts; null before the first row. */
  last: PageKey | null
  /** No rows after the loaded ones. */
  done: boolean
  /** 'Record Count': rows matching the filters. */
  count: number
  error: unknown
}

export type ListEvent =
  | { type: 'list.nearEnd' }
  | { type: 'list.changed' }
  | { type: 'list.searchChanged'; value: string }
  | { type: 'list.sortChanged'; sort: ListOptions['sort'] }
  | { type: 'list.filtersChanged'; filters: Partial<Omit<ListFilters, 'text'>> }
  | { type: 'list.retry' }

/** The list statechart's types and implementations; its states are in list.machine.ts. */
export const listSetup = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { type: ListType },
  },
  actors: {
    restoreOptions,
    loadFirstPage,
    loadNextPage,
    watchChanges,
  },
  delays: {
    /** SPEC.md §5: search is applied after a 100 ms debounce. */
    searchDebounce: 100,
  },
  guards: {
    canLoadMore: ({ context }) => !context.done && context.last !== null,
    isSearchChanged: ({ context }) => context.searchText.trim() !== context.options.filters.text,
    hasError: ({ context }) => context.error !== null,
  },
  actions: {
    persistOptions: ({ context }) => saveListOptions(context.type, context.options),
    // Every failure of this chart comes from an invoke; its error event carries the cause.
    recordError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
  },
})
