import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { ListRow } from '../../data/lists/filter'
import { PAGE_SIZE, type ListType } from '../../data/lists/listTypes'
import {
  defaultListOptions,
  saveListOptions,
  type ListFilters,
  type ListOptions,
} from '../../data/lists/options'
import type { PageKey } from '../../data/lists/readPage'
import { loadFirstPage, loadNextPage, restoreOptions, watchChanges } from './list.actors'
import {
  appendPage,
  firstPageSize,
  showPage,
  withFilters,
  withSearch,
  withSort,
} from './list.pages'

/** What the list views need of the data layer's list shapes, through their statechart. */
export type { ListRow } from '../../data/lists/filter'
export type { SortDirection } from '../../data/lists/listTypes'
export type { ListFilters } from '../../data/lists/options'
/** The Users list's status rule (its filter and its badge say the same). */
export {
  hasSecondFactor,
  rowFactors,
  userStatus,
  type RowFactors,
  type UserStatus,
} from '../../data/lists/filter'
export { PAGE_SIZE }

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

/**
 * One cached list (Sessions, Services): options kept per list type, search applied after a
 * 100 ms debounce, 50-row keyset pages appended as the person scrolls, a live refresh when the
 * table changes, and an error state that stays on screen. Invoked by a screen with its list type.
 */
export const listMachine = setup({
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
}).createMachine({
  id: 'list',
  description: 'A cached list read page by page from the local database.',
  context: ({ input }) => ({
    type: input.type,
    options: defaultListOptions(input.type),
    searchText: '',
    rows: [],
    last: null,
    done: false,
    count: 0,
    error: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reads the options kept for this list type (sort, filters, search).',
      // 'restoring': the options are not known yet (the options chart waits for them).
      tags: ['busy', 'restoring'],
      invoke: {
        id: 'restoreOptions',
        src: 'restoreOptions',
        input: ({ context }) => ({ type: context.type }),
        onDone: {
          target: 'active',
          description: 'The kept options were read; the search field shows the kept search.',
          actions: assign(({ event }) => ({
            options: event.output,
            searchText: event.output.filters.text,
          })),
        },
        // Unreadable options are not worth an error: the defaults are already in place.
        onError: {
          target: 'active',
          description: 'The kept options could not be read: the defaults apply.',
        },
      },
    },
    active: {
      description: 'The list on screen.',
      initial: 'loading',
      invoke: {
        id: 'watchChanges',
        src: 'watchChanges',
        input: ({ context }) => ({ type: context.type }),
        onError: {
          target: '.failed',
          description: 'Watching the table for changes failed; the error shows.',
          actions: 'recordError',
        },
      },
      on: {
        'list.searchChanged': {
          target: '.searching',
          reenter: true,
          actions: assign({ searchText: ({ event }) => event.value }),
          description: 'The search text was edited (Enter does nothing).',
        },
        // A sort or filter change during the search debounce ends the debounce: the text typed so
        // far is applied with it, rather than lost with the timer.
        'list.sortChanged': {
          target: '.loading',
          actions: [
            assign({
              options: ({ context, event }) =>
                withSearch(withSort(context.options, event.sort), context.searchText),
            }),
            'persistOptions',
          ],
          description: 'A sort field or direction was chosen.',
        },
        'list.filtersChanged': {
          target: '.loading',
          actions: [
            assign({
              options: ({ context, event }) =>
                withSearch(withFilters(context.options, event.filters), context.searchText),
            }),
            'persistOptions',
          ],
          description: 'Show Deleted, or the id or user the list is narrowed to, changed.',
        },
      },
      states: {
        loading: {
          description: 'Reads the first page and the record count.',
          tags: ['busy'],
          invoke: {
            id: 'loadFirstPage',
            src: 'loadFirstPage',
            input: ({ context }) => ({
              type: context.type,
              options: context.options,
              limit: PAGE_SIZE,
            }),
            onDone: {
              target: 'ready',
              description: 'The first page and the record count were read.',
              actions: assign(({ event }) => showPage(event.output)),
            },
            onError: {
              target: 'failed',
              description: 'Reading the cache failed.',
              actions: 'recordError',
            },
          },
          on: {
            'list.changed': {
              target: 'loading',
              reenter: true,
              description: 'The table changed meanwhile: the first page is read again.',
            },
          },
        },
        ready: {
          description: 'Rows are shown; more are read as the person nears the end.',
          initial: 'idle',
          on: {
            'list.changed': {
              target: 'refreshing',
              description: 'The table changed (a sync batch, an edit here, another tab).',
            },
          },
          states: {
            idle: {
              description: 'Nothing is being read.',
              on: {
                'list.nearEnd': [
                  {
                    guard: 'canLoadMore',
                    target: 'loadingMore',
                    description: 'Item 40 of the last page came into view.',
                  },
                  // Said in the chart, so that scrolling to the end of a whole list is a step too.
                  {
                    description:
                      'Item 40 of the last page came into view, but every row is loaded: nothing to read.',
                  },
                ],
              },
            },
            loadingMore: {
              description: 'Reads the page after the last loaded row and appends it.',
              tags: ['busy'],
              invoke: {
                id: 'loadNextPage',
                src: 'loadNextPage',
                input: ({ context }) => ({
                  type: context.type,
                  options: context.options,
                  after: context.last,
                }),
                onDone: {
                  target: 'idle',
                  description: 'The next page was read; its rows are appended.',
                  actions: assign(({ context, event }) => appendPage(context, event.output)),
                },
                onError: {
                  target: '#list.active.failed',
                  description: 'Reading the next page failed.',
                  actions: 'recordError',
                },
              },
            },
          },
        },
        refreshing: {
          description:
            'The table changed: re-reads as many rows as are shown, keeping them on screen meanwhile.',
          invoke: {
            id: 'refreshPages',
            src: 'loadFirstPage',
            input: ({ context }) => ({
              type: context.type,
              options: context.options,
              limit: firstPageSize(context.rows.length),
            }),
            onDone: {
              target: 'ready',
              description: 'The rows were read again; the list shows them.',
              actions: assign(({ event }) => showPage(event.output)),
            },
            onError: {
              target: 'failed',
              description: 'Reading the cache failed.',
              actions: 'recordError',
            },
          },
          on: {
            'list.changed': {
              target: 'refreshing',
              reenter: true,
              description: 'The table changed again: the refresh starts over.',
            },
          },
        },
        searching: {
          description: 'Waits 100 ms after the last keystroke before searching.',
          after: {
            searchDebounce: [
              {
                guard: 'isSearchChanged',
                target: 'loading',
                description:
                  '100 ms passed without a keystroke: the new search is applied and kept.',
                actions: [
                  assign({
                    options: ({ context }) => withSearch(context.options, context.searchText),
                  }),
                  'persistOptions',
                ],
              },
              {
                guard: 'hasError',
                target: 'failed',
                description: '100 ms passed and the search is as before: the error shows again.',
              },
              {
                target: 'ready',
                description: '100 ms passed and the search is as before: the rows stay.',
              },
            ],
          },
        },
        failed: {
          description: 'Reading the cache failed; the error stays on screen until retried.',
          tags: ['error'],
          on: { 'list.retry': { target: 'loading', description: 'Try Again was pressed.' } },
        },
      },
    },
  },
})

export type ListActor = ActorRefFrom<typeof listMachine>
export type ListSnapshot = SnapshotFrom<typeof listMachine>
