import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AuditEvent, TimelineResults } from '../../../../schema/users'
import { userTimeline } from '../../../data/api/users'
import {
  firstPage,
  olderPage,
  pageError,
  pagedStates,
  type PagedContext,
} from '../../../kit/machines/pagedTimeline'

type TimelineContext = PagedContext<AuditEvent> & { userId: string }

export type TimelineEvent = { type: 'timeline.loadMore' } | { type: 'timeline.retry' }

export type TimelineInput = { userId: string }

type PageInput = { userId: string; before: string | null }

/**
 * A user's timeline from the audit log (the Users detail): the newest page first, 'Load older'
 * appends the next; a failed first read offers Retry, a failed later one keeps what is shown and
 * offers Load older again.
 */
export const userTimelineMachine = setup({
  types: {
    context: {} as TimelineContext,
    events: {} as TimelineEvent,
    input: {} as TimelineInput,
  },
  actors: {
    loadPage: fromPromise<TimelineResults, PageInput>(({ input, signal }) =>
      userTimeline(input.userId, input.before, { signal }),
    ),
  },
  guards: {
    hasMore: ({ context }) => context.cursor !== null,
  },
  actions: {
    recordError: assign({ error: ({ event }) => pageError(event) }),
    showFirstPage: assign((_, page: TimelineResults) => firstPage(page)),
    showOlderPage: assign(({ context }, page: TimelineResults) => olderPage(context, page)),
  },
}).createMachine({
  id: 'userTimeline',
  description: "A user's audit timeline, read page by page from the server.",
  context: ({ input }) => ({ userId: input.userId, events: [], cursor: null, error: null }),
  initial: 'loading',
  states: pagedStates({
    retry: 'timeline.retry',
    loadMore: 'timeline.loadMore',
    pageInput: (context: TimelineContext, before: string | null): PageInput => ({
      userId: context.userId,
      before,
    }),
    says: {
      loading: 'The newest events are read; a spinner shows.',
      failed: "'The timeline could not be loaded' with the reason and Retry.",
      ready: "The events; 'Load older' when there are more.",
      loadMore: "'Load older' was pressed.",
      loadingMore: "The events stay; the next older page is read ('Load older' waits).",
      moreFailed: "The events, the reason older ones could not be read, and 'Load older' again.",
    },
  }),
})

export type UserTimelineActor = ActorRefFrom<typeof userTimelineMachine>
export type UserTimelineSnapshot = SnapshotFrom<typeof userTimelineMachine>
