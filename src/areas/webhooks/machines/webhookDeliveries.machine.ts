import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type {
  DeliveriesResults,
  DeliveryDetailResults,
  WebhookAttempt,
  WebhookDelivery,
} from '../../../../schema/webhooks'
import { listDeliveries, readDelivery, replayDelivery } from '../../../data/api/webhooks'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import { notReplayedNotice, replayedNotice } from './webhook.messages'

/** How long the log waits before reading again while a delivery is unfinished. */
export const DELIVERIES_POLL_MS = 3_000

const UNFINISHED: readonly WebhookDelivery['status'][] = ['pending', 'sending', 'failed']
export const isUnfinished = (delivery: WebhookDelivery) => UNFINISHED.includes(delivery.status)

type DeliveriesContext = {
  endpointId: string
  /** Newest first; older pages are added below. */
  deliveries: WebhookDelivery[]
  more: boolean
  /** Why the last read failed, in words (the log stays). */
  error: string | null
  /** The delivery whose attempts show, its attempts once read, and why they were not. */
  openId: string | null
  attempts: WebhookAttempt[] | null
  attemptsError: string | null
}

export type DeliveriesEvent =
  | { type: 'deliveries.retry' }
  | { type: 'deliveries.refresh' }
  | { type: 'deliveries.loadMore' }
  | { type: 'deliveries.open'; delivery: WebhookDelivery }
  | { type: 'deliveries.close' }
  | { type: 'deliveries.replay'; delivery: WebhookDelivery }

type Page = { id: string; before: string | null }

/** The chart's effects; tests swap them (`webhookDeliveriesMachine.provide({ actors })`). */
export const webhookDeliveriesActors = {
  listDeliveries: fromPromise<DeliveriesResults, Page>(({ input, signal }) =>
    listDeliveries(input.id, input.before, { signal }),
  ),
  readDelivery: fromPromise<DeliveryDetailResults, { id: string; deliveryId: string }>(
    ({ input, signal }) => readDelivery(input.id, input.deliveryId, { signal }),
  ),
  replayDelivery: fromPromise<WebhookDelivery, { id: string; deliveryId: string }>(
    ({ input, signal }) => replayDelivery(input.id, input.deliveryId, { signal }),
  ),
}

const replaced = (list: WebhookDelivery[], delivery: WebhookDelivery) =>
  list.map((d) => (d.id === delivery.id ? delivery : d))

/**
 * An endpoint's delivery log (issue 33): newest first with 'Load older'; a row opens its attempts;
 * Replay queues the same event again. While any delivery is unfinished (pending, sending, or
 * failed and retrying) the log reads its first page again every few seconds; Refresh reads now.
 */
export const webhookDeliveriesMachine = setup({
  types: {
    context: {} as DeliveriesContext,
    events: {} as DeliveriesEvent,
    input: {} as { endpointId: string },
  },
  actors: webhookDeliveriesActors,
  delays: { poll: DELIVERIES_POLL_MS },
  guards: {
    hasUnfinished: ({ context }) => context.deliveries.some(isUnfinished),
    hasMore: ({ context }) => context.more && context.deliveries.length > 0,
  },
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    showFirstPage: assign(({ event }) => {
      const { deliveries, more } = (event as unknown as { output: DeliveriesResults }).output
      return { deliveries, more, error: null }
    }),
    notifyReplayed: notify<DeliveriesContext, DeliveriesEvent>(({ event }) =>
      replayedNotice((event as unknown as { output: WebhookDelivery }).output),
    ),
    notifyNotReplayed: notify<DeliveriesContext, DeliveriesEvent>(({ event }) =>
      notReplayedNotice(serverMessage((event as unknown as { error?: unknown }).error)),
    ),
  },
}).createMachine({
  id: 'webhookDeliveries',
  description: "An endpoint's delivery log: read, read again while unfinished, attempts, replay.",
  context: ({ input }) => ({
    endpointId: input.endpointId,
    deliveries: [],
    more: false,
    error: null,
    openId: null,
    attempts: null,
    attemptsError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The newest deliveries are read; 'Loading the deliveries…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'listDeliveries',
        src: 'listDeliveries',
        input: ({ context }) => ({ id: context.endpointId, before: null }),
        onDone: {
          target: 'ready',
          description: 'Read: the deliveries show (or that none was made yet).',
          actions: 'showFirstPage',
        },
        onError: {
          target: 'unavailable',
          description: 'The read failed: the reason and Retry show.',
          actions: 'recordError',
        },
      },
    },
    unavailable: {
      description: "'The deliveries could not be loaded' with the reason and Retry.",
      tags: ['error'],
      on: { 'deliveries.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description: "The deliveries with Replay, 'Load older' when there are more, and Refresh.",
      after: {
        poll: {
          guard: 'hasUnfinished',
          target: 'refreshing',
          description: 'A few seconds passed with a delivery unfinished: the log reads again.',
        },
      },
      on: {
        'deliveries.refresh': {
          target: 'refreshing',
          description: 'Refresh was pressed (or a test event was queued): the log reads again.',
        },
        'deliveries.loadMore': {
          guard: 'hasMore',
          target: 'loadingMore',
          description: "'Load older' was pressed.",
        },
        'deliveries.open': {
          target: 'opening',
          description: 'A delivery was opened: its attempts are read.',
          actions: assign({
            openId: ({ event }) => event.delivery.id,
            attempts: null,
            attemptsError: null,
          }),
        },
        'deliveries.close': {
          description: 'The attempts were closed (Close or Escape).',
          actions: assign({ openId: null, attempts: null, attemptsError: null }),
        },
        'deliveries.replay': {
          target: 'replaying',
          description: 'Replay was pressed on a delivery: the same event is queued again.',
        },
      },
    },
    refreshing: {
      description: 'What shows stays while the newest deliveries are read again.',
      tags: ['refreshing'],
      invoke: {
        id: 'refreshDeliveries',
        src: 'listDeliveries',
        input: ({ context }) => ({ id: context.endpointId, before: null }),
        onDone: {
          target: 'ready',
          description: 'The new read replaces the log (older pages are dropped).',
          actions: 'showFirstPage',
        },
        onError: {
          target: 'ready',
          description: 'The read failed: what showed stays, with the reason.',
          actions: 'recordError',
        },
      },
    },
    loadingMore: {
      description: "The log stays; the next older page is read ('Load older' waits).",
      tags: ['busy'],
      invoke: {
        id: 'loadOlder',
        src: 'listDeliveries',
        input: ({ context }) => ({
          id: context.endpointId,
          before: context.deliveries.at(-1)?.id ?? null,
        }),
        onDone: {
          target: 'ready',
          description: 'The older page came: its deliveries are added below.',
          actions: assign(({ context, event }) => ({
            deliveries: [...context.deliveries, ...event.output.deliveries],
            more: event.output.more,
            error: null,
          })),
        },
        onError: {
          target: 'ready',
          description: 'Reading older deliveries failed: the log stays, the reason shows.',
          actions: 'recordError',
        },
      },
    },
    opening: {
      description: "The delivery's attempts are read; its dialog says 'Loading the attempts…'.",
      tags: ['busy'],
      invoke: {
        id: 'readDelivery',
        src: 'readDelivery',
        input: ({ context }) => ({ id: context.endpointId, deliveryId: context.openId ?? '' }),
        onDone: {
          target: 'ready',
          description: 'Read: each attempt shows with its code, duration, error and answer.',
          actions: assign(({ context, event }) => ({
            attempts: event.output.attempts,
            deliveries: replaced(context.deliveries, event.output.delivery),
          })),
        },
        onError: {
          target: 'ready',
          description: 'The read failed: the dialog says why.',
          actions: assign({ attemptsError: ({ event }) => serverMessage(event.error) }),
        },
      },
      on: {
        'deliveries.close': {
          target: 'ready',
          description: 'The dialog was closed while reading: nothing more is read.',
          actions: assign({ openId: null, attempts: null, attemptsError: null }),
        },
      },
    },
    replaying: {
      description: 'The server queues the event again; Replay waits.',
      tags: ['busy'],
      invoke: {
        id: 'replayDelivery',
        src: 'replayDelivery',
        input: ({ context, event }) => ({
          id: context.endpointId,
          deliveryId: event.type === 'deliveries.replay' ? event.delivery.id : '',
        }),
        onDone: {
          target: 'ready',
          description: "Queued: the new delivery tops the log, and 'The … event was queued again.'",
          actions: [
            assign({
              deliveries: ({ context, event }) => [event.output, ...context.deliveries],
            }),
            'notifyReplayed',
          ],
        },
        onError: {
          target: 'ready',
          description: 'Refused or failed: a notice says why.',
          actions: 'notifyNotReplayed',
        },
      },
    },
  },
})

export type DeliveriesActor = ActorRefFrom<typeof webhookDeliveriesMachine>
export type DeliveriesSnapshot = SnapshotFrom<typeof webhookDeliveriesMachine>
