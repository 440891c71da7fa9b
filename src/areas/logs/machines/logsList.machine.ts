import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { LogEvent, LogsResults } from '../../../../schema/logs'
import { logsCsvHref, logsPage } from '../../../data/api/logs'
import { serverFilters, type LogsSearch } from './logsFilters'
import {
  firstPage,
  olderPage,
  pageError,
  pagedStates,
  type PagedContext,
} from '../../../kit/machines/pagedTimeline'

type LogsContext = PagedContext<LogEvent> & {
  /** The filters as the URL has them. */
  search: LogsSearch
  /** The event whose detail is open, or null. */
  selected: string | null
  /** The server's CSV of everything the filters match. */
  csvHref: string
}

export type LogsListEvent =
  | { type: 'logs.loadMore' }
  | { type: 'logs.retry' }
  | { type: 'logs.filter'; search: LogsSearch }
  | { type: 'logs.open'; id: string }
  | { type: 'logs.close' }

export type LogsListInput = { search: LogsSearch }

type PageInput = { search: LogsSearch; before: string | null }

const filtered = (search: LogsSearch) => ({
  search,
  events: [],
  cursor: null,
  error: null,
  selected: null,
  csvHref: logsCsvHref(serverFilters(search)),
})

/**
 * The Logs screen: the audit log from the server, newest first, filtered as the URL says. The
 * newest page first, older pages as the list reaches its end ('Load older'); a filter change starts
 * over; a row opens the event's detail.
 */
export const logsListMachine = setup({
  types: {
    context: {} as LogsContext,
    events: {} as LogsListEvent,
    input: {} as LogsListInput,
  },
  actors: {
    loadPage: fromPromise<LogsResults, PageInput>(({ input, signal }) =>
      logsPage(serverFilters(input.search), input.before, { signal }),
    ),
  },
  guards: {
    // The detail is a modal dialog: while it is open, the list underneath waits.
    hasMore: ({ context }) => context.cursor !== null && context.selected === null,
    detailClosed: ({ context }) => context.selected === null,
    known: ({ context, event }) =>
      event.type === 'logs.open' && context.events.some((e) => e.id === event.id),
  },
  actions: {
    recordError: assign({ error: ({ event }) => pageError(event) }),
    showFirstPage: assign((_, page: LogsResults) => firstPage(page)),
    showOlderPage: assign(({ context }, page: LogsResults) => olderPage(context, page)),
    filter: assign(({ event }) => filtered((event as { search: LogsSearch }).search)),
  },
}).createMachine({
  id: 'logsList',
  description: 'The audit log, read page by page from the server under the filters in the URL.',
  context: ({ input }) => filtered(input.search),
  initial: 'loading',
  on: {
    'logs.filter': {
      target: '.loading',
      description: 'The filters in the URL changed: the list starts over with them.',
      actions: 'filter',
    },
    'logs.open': {
      guard: 'known',
      description: "A row was chosen: the event's detail opens.",
      actions: assign({ selected: ({ event }) => event.id }),
    },
    'logs.close': {
      description: 'The detail was closed.',
      actions: assign({ selected: null }),
    },
  },
  states: pagedStates({
    retry: 'logs.retry',
    loadMore: 'logs.loadMore',
    pageInput: (context: LogsContext, before: string | null): PageInput => ({
      search: context.search,
      before,
    }),
    moreGuard: 'detailClosed',
    says: {
      loading: 'The newest matching events are read; a spinner shows.',
      failed: "'The logs could not be loaded' with the reason and Retry.",
      ready: "The events as sentences; 'Load older' when there are more.",
      loadMore: "'Load older' was pressed, or the list was scrolled to its end.",
      loadingMore: 'The events stay; the next older page is read.',
      moreFailed: "The events, why older ones could not be read, and 'Load older' again.",
    },
  }),
})

export type LogsListActor = ActorRefFrom<typeof logsListMachine>
export type LogsListSnapshot = SnapshotFrom<typeof logsListMachine>
