import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { actingStates } from './queueList.acting'
import { readingStates } from './queueList.reading'
import { queueListSetup, type QueueFilter } from './queueList.setup'

export {
  QUEUE_DEBOUNCE_MS,
  type QueueEvent,
  type QueueFilter,
  type QueueInput,
  type QueueRead,
  type QueueRequest,
} from './queueList.setup'

const ALL: QueueFilter = { status: 'all', channel: 'all' }

/**
 * The Queue screen (docs/queue.md): outbound messages newest first with filters by status and
 * channel, 'Load older', and what needs staff (locked accounts, messages that gave up). It reads
 * again when the server says the outbox changed (the change feed's `outbox` topic, debounced).
 * Retry runs at once; cancel and unlock (one account, or the accounts checked) ask first. A notice
 * says what was done or why not.
 *
 * The states live beside it: queueList.reading.ts (reading again, older pages) and
 * queueList.acting.ts (the confirmation and the action); queueList.setup.ts holds the context,
 * events, actors, guards and actions.
 */
export const queueListMachine = queueListSetup.createMachine({
  id: 'queueList',
  description: 'The Queue: outbound messages and what needs staff, read from the server.',
  context: ({ input }) => ({
    filter: { ...ALL, ...input.filter },
    messages: [],
    cursor: null,
    attention: { locked: [], givenUp: [] },
    selected: [],
    error: null,
    request: null,
    actionError: null,
    missed: false,
  }),
  invoke: { id: 'listen', src: 'listen' },
  on: {
    'queue.select': {
      actions: 'select',
      description: 'A locked account was checked or unchecked (or all of them at once).',
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The first page and what needs staff are read; 'Loading the queue…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: {
          target: 'ready',
          description: 'The read came: the messages and what needs staff show.',
          actions: 'showRead',
        },
        onError: {
          target: 'failed',
          description: 'The read failed: the reason and Retry show.',
          actions: 'recordError',
        },
      },
      on: {
        'queue.filter': {
          target: 'loading',
          reenter: true,
          description: 'A filter changed while reading: read again with it.',
          actions: 'setFilter',
        },
      },
    },
    failed: {
      description: "'The queue could not be loaded' with the reason, Retry and the filters.",
      tags: ['error'],
      on: {
        'queue.reload': { target: 'loading', description: 'Retry was pressed.' },
        'queue.filter': {
          target: 'loading',
          description: 'A filter changed: read with it.',
          actions: 'setFilter',
        },
      },
    },
    ready: {
      description: "The messages, 'Load older' when there are more, and what needs staff.",
      always: {
        guard: 'missedChange',
        target: 'refreshing',
        description: 'The outbox changed while something else ran: read again now.',
      },
      on: {
        'queue.filter': {
          target: 'loading',
          description: 'A filter changed: the list is read again from the first page.',
          actions: 'setFilter',
        },
        'queue.loadMore': {
          guard: 'hasMore',
          target: 'loadingMore',
          description: "'Load older' was pressed.",
        },
        'queue.changed': {
          target: 'refreshing',
          description: 'The server said the outbox changed: read again, keeping what shows.',
        },
        'queue.request': [
          {
            guard: { type: 'asksFirst', params: ({ event }) => ({ request: event.request }) },
            target: 'confirming',
            description:
              "Cancel, Unlock or 'Unlock N accounts' was pressed: its confirmation opens.",
            actions: 'setRequest',
          },
          {
            target: 'acting',
            description: 'Retry was pressed: the message is retried at once.',
            actions: 'setRequest',
          },
        ],
      },
    },
    ...readingStates,
    ...actingStates,
  },
})

export type QueueListActor = ActorRefFrom<typeof queueListMachine>
export type QueueListSnapshot = SnapshotFrom<typeof queueListMachine>
