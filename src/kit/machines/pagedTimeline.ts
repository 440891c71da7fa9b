import { keyed } from './keyed'
import { serverMessage } from './notification.messages'

/** One page of a timeline read from the server, newest first. */
export type TimelinePage<TEvent> = { events: TEvent[]; cursor: string | null }

/** What a paged timeline chart keeps: the events so far, where the next page starts, why not. */
export type PagedContext<TEvent> = {
  /** Newest first, as the pages came. */
  events: TEvent[]
  /** Where the next (older) page starts; null when there is none. */
  cursor: string | null
  /** Why the last read failed, in words. */
  error: string | null
}

/** The newest page replaces what was shown. */
export const firstPage = <TEvent>(page: TimelinePage<TEvent>) => ({
  events: page.events,
  cursor: page.cursor,
  error: null,
})

/** An older page goes below the events shown. */
export const olderPage = <TEvent>(context: PagedContext<TEvent>, page: TimelinePage<TEvent>) => ({
  events: [...context.events, ...page.events],
  cursor: page.cursor,
  error: null,
})

/** Why a page could not be read, from the invoke's error event. */
export const pageError = (event: unknown) => serverMessage((event as { error?: unknown }).error)

/** The words the Flows page shows for the steps every paged timeline shares. */
export const PAGED_STEPS = {
  firstDone: 'The newest page came: its events show, newest first.',
  firstFailed: 'The read failed: the message and Retry show.',
  olderDone: 'The older page came: its events are added below.',
  olderFailed: 'Reading older events failed: the events stay, the message shows.',
} as const

/** What one paged timeline names and says in the states it shares (`pagedStates`). */
export type PagedSpec<
  TContext,
  TInput,
  TRetry extends string,
  TLoadMore extends string,
  TGuard extends string,
> = {
  /** Its events: Retry after a failed first read, 'Load older'. */
  retry: TRetry
  loadMore: TLoadMore
  /** The `loadPage` actor's input: what to read, from `before` on (null: the newest page). */
  pageInput: (context: TContext, before: string | null) => TInput
  /** The guard of 'Load older' again after a failed older read, if any. */
  moreGuard?: TGuard
  /** Its states' words, and that of 'Load older' from `ready`. */
  says: {
    loading: string
    failed: string
    ready: string
    loadMore: string
    loadingMore: string
    moreFailed: string
  }
}

/**
 * The states every paged timeline shares: the newest page ('loading', 'failed' with Retry),
 * 'ready', older pages ('loadingMore', 'moreFailed'). Uses the actor `loadPage`, the guard
 * `hasMore`, and the actions `recordError`, `showFirstPage` and `showOlderPage` (the page read is
 * their parameter), which each machine names in its `setup`.
 */
export const pagedStates = <
  TContext extends PagedContext<unknown>,
  TInput,
  const TRetry extends string,
  const TLoadMore extends string,
  const TGuard extends string = never,
>(
  spec: PagedSpec<TContext, TInput, TRetry, TLoadMore, TGuard>,
) => {
  type Page = TimelinePage<TContext['events'][number]>
  const page = ({ event }: { event: { output: Page } }) => event.output
  return {
    loading: {
      description: spec.says.loading,
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }: { context: TContext }) => spec.pageInput(context, null),
        onDone: {
          target: 'ready',
          description: PAGED_STEPS.firstDone,
          actions: { type: 'showFirstPage', params: page },
        },
        onError: { target: 'failed', description: PAGED_STEPS.firstFailed, actions: 'recordError' },
      },
    },
    failed: {
      description: spec.says.failed,
      tags: ['error'],
      on: keyed(spec.retry, { target: 'loading', description: 'Retry was pressed.' }),
    },
    ready: {
      description: spec.says.ready,
      on: keyed(spec.loadMore, {
        guard: 'hasMore',
        target: 'loadingMore',
        description: spec.says.loadMore,
      }),
    },
    loadingMore: {
      description: spec.says.loadingMore,
      tags: ['busy'],
      invoke: {
        id: 'loadMore',
        src: 'loadPage',
        input: ({ context }: { context: TContext }) => spec.pageInput(context, context.cursor),
        onDone: {
          target: 'ready',
          description: PAGED_STEPS.olderDone,
          actions: { type: 'showOlderPage', params: page },
        },
        onError: {
          target: 'moreFailed',
          description: PAGED_STEPS.olderFailed,
          actions: 'recordError',
        },
      },
    },
    moreFailed: {
      description: spec.says.moreFailed,
      tags: ['error'],
      on: keyed(spec.loadMore, {
        ...(spec.moreGuard && { guard: spec.moreGuard }),
        target: 'loadingMore',
        description: "'Load older' was pressed again.",
      }),
    },
  } as const
}
