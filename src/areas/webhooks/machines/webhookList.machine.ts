import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { WebhookEndpoint } from '../../../../schema/webhooks'
import { listWebhooks } from '../../../data/api/webhooks'
import { serverMessage } from '../../../kit/machines/notification.messages'

type WebhookListContext = {
  /** Every endpoint, newest first. */
  endpoints: WebhookEndpoint[]
  /** Why the last read failed, in words. */
  error: string | null
}

export type WebhookListEvent =
  | { type: 'webhooks.retry' }
  /** The Add endpoint dialog made one (its chart tells the list). */
  | { type: 'webhooks.created'; endpoint: WebhookEndpoint }

const newestFirst = (endpoints: WebhookEndpoint[]) =>
  [...endpoints].sort((a, b) => b.createdAt.localeCompare(a.createdAt))

/** The chart's effects; tests swap them (`webhookListMachine.provide({ actors })`). */
export const webhookListActors = {
  listWebhooks: fromPromise<WebhookEndpoint[]>(({ signal }) => listWebhooks({ signal })),
}

/**
 * The Webhooks screen's endpoints (issue 33): each with its URL, description, events, whether it
 * is on, and its last delivery. One the Add endpoint dialog made joins the list without a read.
 */
export const webhookListMachine = setup({
  types: {
    context: {} as WebhookListContext,
    events: {} as WebhookListEvent,
  },
  actors: webhookListActors,
}).createMachine({
  id: 'webhookList',
  description: 'The webhook endpoints: read and listed; a new one joins at the top.',
  context: { endpoints: [], error: null },
  on: {
    'webhooks.created': {
      description: 'The Add endpoint dialog made an endpoint: it joins the list at the top.',
      actions: assign({
        endpoints: ({ context, event }) =>
          newestFirst([
            event.endpoint,
            ...context.endpoints.filter((e) => e.id !== event.endpoint.id),
          ]),
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The endpoints are read; 'Loading the endpoints…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'listWebhooks',
        src: 'listWebhooks',
        onDone: {
          target: 'ready',
          description: 'Read: the endpoints are listed (or what webhooks are, with none).',
          actions: assign({ endpoints: ({ event }) => newestFirst(event.output), error: null }),
        },
        onError: {
          target: 'unavailable',
          description: 'The read failed: the reason and Retry show.',
          actions: assign({ error: ({ event }) => serverMessage(event.error) }),
        },
      },
    },
    unavailable: {
      description: "'The endpoints could not be loaded' with the reason and Retry.",
      tags: ['error'],
      on: { 'webhooks.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description: "The endpoints, each opening its page; 'Add endpoint'.",
    },
  },
})

export type WebhookListActor = ActorRefFrom<typeof webhookListMachine>
export type WebhookListSnapshot = SnapshotFrom<typeof webhookListMachine>
