import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AuditEvent, TimelineResults } from '../../../../schema/users'
import { userTimeline } from '../../../data/api/users'
import { serverMessage } from '../../../kit/machines/notification.messages'

type TimelineContext = {
  userId: string
  /** Newest first, as the pages came. */
  events: AuditEvent[]
  /** Where the next (older) page starts; null when there is none. */
  cursor: string | null
  /** Why the last read failed, in words. */
  error: string | null
}

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
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
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
          description: 'The newest page came: its events show, newest first.',
          actions: assign(({ event }) => ({
            events: event.output.events,
            cursor: event.output.cursor,
            error: null,
          })),
        },
        onError: {
          target: 'failed',
          description: 'The read failed: the message and Retry show.',
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
          description: 'The older page came: its events are added below.',
          actions: assign(({ context, event }) => ({
            events: [...context.events, ...event.output.events],
            cursor: event.output.cursor,
            error: null,
          })),
        },
        onError: {
          target: 'moreFailed',
          description: 'Reading older events failed: the events stay, the message shows.',
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
