import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AuditEvent, TimelineResults } from '../../../../schema/users'
import { userTimeline } from '../../../data/api/users'
import {
  firstPage,
  olderPage,
  pageError,
  PAGED_STEPS,
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
  },
}).createMachine({
  id: 'userTimeline',
  description: "A user's audit timeline, read page by page from the server.",
  context: ({ input }) => ({ userId: input.userId, events: [], cursor: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The newest events are read; a spinner shows.',
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ userId: context.userId, before: null }),
        onDone: {
          target: 'ready',
          description: PAGED_STEPS.firstDone,
          actions: assign(({ event }) => firstPage(event.output)),
        },
        onError: {
          target: 'failed',
          description: PAGED_STEPS.firstFailed,
          actions: 'recordError',
        },
      },
    },
    failed: {
      description: "'The timeline could not be loaded' with the reason and Retry.",
      tags: ['error'],
      on: { 'timeline.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description: "The events; 'Load older' when there are more.",
      on: {
        'timeline.loadMore': {
          guard: 'hasMore',
          target: 'loadingMore',
          description: "'Load older' was pressed.",
        },
      },
    },
    loadingMore: {
      description: "The events stay; the next older page is read ('Load older' waits).",
      tags: ['busy'],
      invoke: {
        id: 'loadMore',
        src: 'loadPage',
        input: ({ context }) => ({ userId: context.userId, before: context.cursor }),
        onDone: {
          target: 'ready',
          description: PAGED_STEPS.olderDone,
          actions: assign(({ context, event }) => olderPage(context, event.output)),
        },
        onError: {
          target: 'moreFailed',
          description: PAGED_STEPS.olderFailed,
          actions: 'recordError',
        },
      },
    },
    moreFailed: {
      description: "The events, the reason older ones could not be read, and 'Load older' again.",
      tags: ['error'],
      on: {
        'timeline.loadMore': {
          target: 'loadingMore',
          description: "'Load older' was pressed again.",
        },
      },
    },
  },
})

export type UserTimelineActor = ActorRefFrom<typeof userTimelineMachine>
export type UserTimelineSnapshot = SnapshotFrom<typeof userTimelineMachine>
