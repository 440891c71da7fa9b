import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { AttentionResults, QueueMessage, QueueResults } from '../../../../schema/queue'
import { queueAction, readAttention, readQueue, type QueueFilter } from '../../../data/api/queue'
import { userAction } from '../../../data/api/users'
import { listenForTopics } from '../../../data/sync/topics'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { doneNotice, failedNotice, type QueueRequest } from './queueList.messages'
import { notify } from '../../../kit/machines/system'

export type { QueueFilter } from '../../../data/api/queue'
export type { QueueRequest } from './queueList.messages'

type QueueContext = {
  filter: QueueFilter
  /** Newest first, as the pages came. */
  messages: QueueMessage[]
  /** Where the next (older) page starts; null when there is none. */
  cursor: string | null
  attention: AttentionResults
  /** Why the last read failed, in words. */
  error: string | null
  /** The action asked for (its dialog) or being done. */
  request: QueueRequest | null
  /** Why the last action failed (its notice says so). */
  actionError: string | null
  /** The outbox changed while a dialog, an action or 'Load older' ran: read again after it. */
  missed: boolean
}

export type QueueEvent =
  | { type: 'queue.filter'; filter: Partial<QueueFilter> }
  | { type: 'queue.reload' }
  | { type: 'queue.loadMore' }
  | { type: 'queue.changed' }
  | { type: 'queue.request'; request: QueueRequest }
  | { type: 'queue.confirm' }
  | { type: 'queue.dismiss' }

export type QueueInput = { filter?: Partial<QueueFilter> }

/** The first page and what needs staff, read together. */
export type QueueRead = { page: QueueResults; attention: AttentionResults }

/** Outbox changes are told at most this often (a burst of sign-ins queues a burst of codes). */
export const QUEUE_DEBOUNCE_MS = 1000

const ALL: QueueFilter = { status: 'all', channel: 'all' }

async function perform(request: QueueRequest, signal: AbortSignal): Promise<void> {
  if (request.action === 'unlock') await userAction(request.account.id, 'unlock', { signal })
  else await queueAction(request.message.id, request.action, { signal })
}

/**
 * The Queue screen (docs/queue.md): outbound messages newest first with filters by status and
 * channel, 'Load older', and what needs staff (locked accounts, messages that gave up). It reads
 * again when the server says the outbox changed (the change feed's `outbox` topic, debounced).
 * Retry runs at once; cancel and unlock ask first. A notice says what was done or why not.
 */
export const queueListMachine = setup({
  types: {
    context: {} as QueueContext,
    events: {} as QueueEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the input's type
    input: {} as QueueInput,
  },
  actors: {
    loadQueue: fromPromise<QueueRead, { filter: QueueFilter }>(async ({ input, signal }) => {
      const [page, attention] = await Promise.all([
        readQueue(input.filter, null, { signal }),
        readAttention({ signal }),
      ])
      return { page, attention }
    }),
    loadMore: fromPromise<QueueResults, { filter: QueueFilter; before: string | null }>(
      ({ input, signal }) => readQueue(input.filter, input.before, { signal }),
    ),
    act: fromPromise<void, { request: QueueRequest }>(({ input, signal }) =>
      perform(input.request, signal),
    ),
    listen: fromCallback<QueueEvent>(({ sendBack }) =>
      listenForTopics(['outbox'], () => sendBack({ type: 'queue.changed' }), QUEUE_DEBOUNCE_MS),
    ),
  },
  guards: {
    hasMore: ({ context }) => context.cursor !== null,
    missedChange: ({ context }) => context.missed,
    asksFirst: (_, params: { request: QueueRequest }) => params.request.action !== 'retry',
  },
  actions: {
    showRead: assign(({ event }) => {
      const { page, attention } = (event as unknown as { output: QueueRead }).output
      return { messages: page.messages, cursor: page.cursor, attention, error: null }
    }),
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    setFilter: assign({
      filter: ({ context, event }) =>
        event.type === 'queue.filter' ? { ...context.filter, ...event.filter } : context.filter,
    }),
    markMissed: assign({ missed: true }),
    setRequest: assign({
      request: ({ event }) => (event.type === 'queue.request' ? event.request : null),
    }),
    notifyDone: notify(({ context }: { context: QueueContext }) =>
      context.request ? doneNotice(context.request) : null,
    ),
    recordActionError: assign({
      actionError: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    notifyFailed: notify(({ context }: { context: QueueContext }) =>
      context.request ? failedNotice(context.request, context.actionError) : null,
    ),
  },
}).createMachine({
  id: 'queueList',
  description: 'The Queue: outbound messages and what needs staff, read from the server.',
  context: ({ input }) => ({
    filter: { ...ALL, ...input.filter },
    messages: [],
    cursor: null,
    attention: { locked: [], givenUp: [] },
    error: null,
    request: null,
    actionError: null,
    missed: false,
  }),
  invoke: { id: 'listen', src: 'listen' },
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
            description: 'Cancel or Unlock was pressed: its confirmation opens.',
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
    refreshing: {
      description: 'What shows stays while the first page is read again.',
      tags: ['refreshing'],
      entry: assign({ missed: false }),
      invoke: {
        id: 'refresh',
        src: 'loadQueue',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: {
          target: 'ready',
          description: 'The new read replaces the list (older pages are dropped).',
          actions: 'showRead',
        },
        onError: {
          target: 'ready',
          description: 'The read failed: what showed stays, with the reason.',
          actions: 'recordError',
        },
      },
      on: {
        'queue.changed': {
          target: 'refreshing',
          reenter: true,
          description: 'Another change came while reading: read once more.',
        },
        'queue.filter': {
          target: 'loading',
          description: 'A filter changed: the list is read again with it.',
          actions: 'setFilter',
        },
        'queue.request': [
          {
            guard: { type: 'asksFirst', params: ({ event }) => ({ request: event.request }) },
            target: 'confirming',
            description:
              'Cancel or Unlock was pressed while reading again: its confirmation opens (the read is dropped; one follows the dialog).',
            actions: ['setRequest', 'markMissed'],
          },
          {
            target: 'acting',
            description:
              'Retry was pressed while reading again: the message is retried at once (a read follows).',
            actions: ['setRequest', 'markMissed'],
          },
        ],
      },
    },
    loadingMore: {
      description: "The messages stay; the next older page is read ('Load older' waits).",
      tags: ['busy'],
      invoke: {
        id: 'loadMore',
        src: 'loadMore',
        input: ({ context }) => ({ filter: context.filter, before: context.cursor }),
        onDone: {
          target: 'ready',
          description: 'The older page came: its messages are added below.',
          actions: assign(({ context, event }) => ({
            messages: [...context.messages, ...event.output.messages],
            cursor: event.output.cursor,
            error: null,
          })),
        },
        onError: {
          target: 'ready',
          description: 'Reading older messages failed: the list stays, the reason shows.',
          actions: 'recordError',
        },
      },
      on: {
        'queue.changed': {
          actions: 'markMissed',
          description: 'The outbox changed meanwhile: the list is read again once the page came.',
        },
      },
    },
    confirming: {
      description: "The confirmation ('Cancel this message?', 'Unlock Ada Lovelace?').",
      tags: ['open'],
      on: {
        'queue.changed': {
          actions: 'markMissed',
          description:
            'The outbox changed meanwhile: the list is read again once the dialog closes.',
        },
        'queue.confirm': { target: 'acting', description: "The dialog's action was pressed." },
        'queue.dismiss': {
          target: 'ready',
          description: 'Cancel was pressed (or Escape, or a click outside).',
          actions: assign({ request: null }),
        },
      },
    },
    acting: {
      description: 'The server does it; buttons wait (an open dialog keeps its buttons off).',
      tags: ['busy', 'acting'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => ({ request: context.request! }),
        onDone: {
          target: 'refreshing',
          description: 'Done: a notice says so, and the queue is read again.',
          actions: 'notifyDone',
        },
        onError: {
          target: 'ready',
          description: 'The server refused: a notice says why.',
          actions: ['recordActionError', 'notifyFailed', assign({ request: null })],
        },
      },
      on: {
        'queue.changed': {
          actions: 'markMissed',
          description: 'The outbox changed meanwhile: the list is read again after it.',
        },
      },
    },
  },
})

export type QueueListActor = ActorRefFrom<typeof queueListMachine>
export type QueueListSnapshot = SnapshotFrom<typeof queueListMachine>
