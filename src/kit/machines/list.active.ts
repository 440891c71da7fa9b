import { assign } from 'xstate'
import { PAGE_SIZE } from '../../data/lists/listTypes'
import {
  appendPage,
  firstPageSize,
  showPage,
  withFilters,
  withSearch,
  withSort,
} from './list.pages'
import { listSetup } from './list.setup'

/**
 * The list on screen: the first page, more pages as the person scrolls, a refresh when the table
 * changes, the search debounce, and the error that stays until retried.
 */
export const activeState = listSetup.createStateConfig({
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
      meta: { spec: ['§2.10', '§2.11', '§5.19'] },
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
      meta: { spec: ['§2.10', '§2.11', '§5.19'] },
      description: 'Waits 100 ms after the last keystroke before searching.',
      after: {
        searchDebounce: [
          {
            guard: 'isSearchChanged',
            target: 'loading',
            description: '100 ms passed without a keystroke: the new search is applied and kept.',
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
})
