import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate'
import type { WebhookSecretResults } from '../../../../schema/webhooks'
import { createWebhook } from '../../../data/api/webhooks'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'
import {
  canSaveWebhook,
  changed,
  emptyWebhookFields,
  fieldOfMessage,
  type FieldChange,
  newWebhookBody,
  type WebhookField,
  type WebhookFields,
} from './webhookFields'

type NewWebhookContext = {
  /** The list the new endpoint joins (told `webhooks.created`); null when the dialog runs alone. */
  list: AnyActorRef | null
  fields: WebhookFields
  /** The server's refusal of the last Add, and the field it is about. */
  error: string | null
  errorField: WebhookField | null
  /** The endpoint just made and its secret: shown once, until Done. */
  created: WebhookSecretResults | null
}

export type NewWebhookEvent =
  | { type: 'newWebhook.open' }
  | { type: 'newWebhook.cancel' }
  | { type: 'newWebhook.url'; value: string }
  | { type: 'newWebhook.description'; value: string }
  | { type: 'newWebhook.all'; on: boolean }
  | { type: 'newWebhook.event'; eventType: string; on: boolean }
  | { type: 'newWebhook.enabled'; on: boolean }
  | { type: 'newWebhook.create' }
  | { type: 'newWebhook.done' }

/** The chart's effects; tests swap them (`newWebhookMachine.provide({ actors })`). */
export const newWebhookActors = {
  createWebhook: fromPromise<WebhookSecretResults, { fields: WebhookFields }>(({ input, signal }) =>
    createWebhook(newWebhookBody(input.fields), { signal }),
  ),
}

const edit = (description: string) => ({ description, actions: 'change' as const })

/**
 * Add endpoint (issue 33): the URL, a description, the events (all, or those checked by group)
 * and whether it starts enabled. The server's refusal shows on the field it is about (an http or
 * private address on the URL) and the input stays; once made, the signing secret shows once.
 */
export const newWebhookMachine = setup({
  types: {
    context: {} as NewWebhookContext,
    events: {} as NewWebhookEvent,
    input: {} as { list: AnyActorRef | null } | undefined,
  },
  actors: newWebhookActors,
  guards: {
    canCreate: ({ context }) => canSaveWebhook(context.fields),
  },
  actions: {
    change: assign({
      fields: ({ context, event }) => changed(context.fields, event as FieldChange),
    }),
    tellList: enqueueActions(({ context, enqueue }) => {
      if (context.list && context.created)
        enqueue.sendTo(context.list, {
          type: 'webhooks.created',
          endpoint: context.created.endpoint,
        })
    }),
  },
}).createMachine({
  id: 'newWebhook',
  description: 'The Add endpoint dialog: fill in, add, and see the signing secret once.',
  context: ({ input }) => ({
    list: input?.list ?? null,
    fields: emptyWebhookFields(),
    error: null,
    errorField: null,
    created: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: "The 'Add endpoint' button.",
      on: {
        'newWebhook.open': {
          target: 'editing',
          description: "'Add endpoint' was pressed: an empty form opens.",
          actions: assign({ fields: emptyWebhookFields, error: null, errorField: null }),
        },
      },
    },
    editing: {
      description: 'The form: URL, description, events and Enabled; Add and Cancel.',
      tags: ['open'],
      ...quietOrFailed('idle', 'rejected', {
        quiet: 'Nothing was refused.',
        failed: "The server refused the last Add: its words show under the field they're about.",
      }),
      on: {
        'newWebhook.url': edit('The URL was typed.'),
        'newWebhook.description': edit('The description was typed.'),
        'newWebhook.all': edit("'All events' or 'Choose events' was picked."),
        'newWebhook.event': edit('An event was checked or unchecked.'),
        'newWebhook.enabled': edit('Enabled was switched.'),
        'newWebhook.create': {
          guard: 'canCreate',
          target: 'creating',
          description: 'Add was pressed with a URL and at least one event.',
        },
        'newWebhook.cancel': {
          target: 'closed',
          description: 'Cancel was pressed (or Escape): nothing is made.',
        },
      },
    },
    creating: {
      description: 'The server makes the endpoint; the form waits.',
      tags: ['open', 'busy'],
      entry: assign({ error: null, errorField: null }),
      invoke: {
        id: 'createWebhook',
        src: 'createWebhook',
        input: ({ context }) => ({ fields: context.fields }),
        onDone: {
          target: 'shown',
          description: 'Made: its secret shows this once, and the list is told.',
          actions: [assign({ created: ({ event }) => event.output }), 'tellList'],
        },
        onError: {
          target: 'editing.rejected',
          description: "Refused (422) or failed: the input stays and the server's words show.",
          actions: assign(({ event }) => {
            const message = serverMessage(event.error)
            return { error: message, errorField: fieldOfMessage(message) }
          }),
        },
      },
    },
    shown: {
      description: "The signing secret with Copy and 'You won't see it again'.",
      tags: ['secret'],
      on: {
        'newWebhook.done': {
          target: 'closed',
          description: 'Done was pressed: the secret is gone for good.',
          actions: assign({ created: null, fields: emptyWebhookFields }),
        },
      },
    },
  },
})

export type NewWebhookActor = ActorRefFrom<typeof newWebhookMachine>
export type NewWebhookSnapshot = SnapshotFrom<typeof newWebhookMachine>
