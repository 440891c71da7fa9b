import { assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate'
import type { WebhookEndpoint, WebhookSecretResults } from '../../../../schema/webhooks'
import {
  changeWebhook,
  deleteWebhook,
  readWebhook,
  rotateWebhookSecret,
  sendTestEvent,
} from '../../../data/api/webhooks'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import {
  deletedNotice,
  notSwitchedNotice,
  savedNotice,
  switchedNotice,
  testFailedNotice,
  testQueuedNotice,
} from './webhook.messages'
import {
  canSaveWebhook,
  changed,
  eventsOf,
  fieldOfMessage,
  fieldsOf,
  type FieldChange,
  type WebhookField,
  type WebhookFields,
} from './webhookFields'

export type WebhookEndpointInput = { id: string; deliveries?: AnyActorRef | null }

type WebhookEndpointContext = {
  id: string
  /** The page's delivery log, told to read again after a test event; null when alone. */
  deliveries: AnyActorRef | null
  endpoint: WebhookEndpoint | null
  /** The Edit endpoint form while it is open. */
  fields: WebhookFields | null
  /** Why the last read or action failed, and the field a refused Save is about. */
  error: string | null
  errorField: WebhookField | null
  /** The rotated secret: shown once, until Done. */
  secret: string | null
}

export type WebhookEndpointEvent =
  | { type: 'webhook.retry' }
  | { type: 'webhook.edit' }
  | { type: 'webhook.url'; value: string }
  | { type: 'webhook.description'; value: string }
  | { type: 'webhook.all'; on: boolean }
  | { type: 'webhook.event'; eventType: string; on: boolean }
  | { type: 'webhook.save' }
  | { type: 'webhook.cancel' }
  | { type: 'webhook.switch' }
  | { type: 'webhook.test' }
  | { type: 'webhook.rotate' }
  | { type: 'webhook.delete' }
  | { type: 'webhook.confirm' }
  | { type: 'webhook.done' }

type Id = { id: string }

/** The chart's effects; tests swap them (`webhookEndpointMachine.provide({ actors })`). */
export const webhookEndpointActors = {
  readWebhook: fromPromise<WebhookEndpoint, Id>(({ input, signal }) =>
    readWebhook(input.id, { signal }),
  ),
  saveWebhook: fromPromise<WebhookEndpoint, Id & { fields: WebhookFields | null }>(
    ({ input: { id, fields }, signal }) =>
      changeWebhook(
        id,
        fields
          ? {
              url: fields.url.trim(),
              description: fields.description.trim(),
              events: eventsOf(fields),
            }
          : {},
        { signal },
      ),
  ),
  switchWebhook: fromPromise<WebhookEndpoint, Id & { enabled: boolean }>(({ input, signal }) =>
    changeWebhook(input.id, { enabled: input.enabled }, { signal }),
  ),
  sendTest: fromPromise<unknown, Id>(({ input, signal }) => sendTestEvent(input.id, { signal })),
  rotateSecret: fromPromise<WebhookSecretResults, Id>(({ input, signal }) =>
    rotateWebhookSecret(input.id, { signal }),
  ),
  deleteWebhook: fromPromise<void, Id>(({ input, signal }) => deleteWebhook(input.id, { signal })),
}

const outputOf = (event: unknown) => (event as { output: WebhookEndpoint }).output
type C = WebhookEndpointContext
type E = WebhookEndpointEvent

export const webhookEndpointSetup = setup({
  types: {
    context: {} as WebhookEndpointContext,
    events: {} as WebhookEndpointEvent,
    input: {} as WebhookEndpointInput,
  },
  actors: webhookEndpointActors,
  guards: {
    isEnabled: ({ context }) => context.endpoint?.enabled === true,
    canSave: ({ context }) => context.fields !== null && canSaveWebhook(context.fields),
  },
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    recordRefusal: assign(({ event }) => {
      const message = serverMessage((event as { error?: unknown }).error)
      return { error: message, errorField: fieldOfMessage(message) }
    }),
    startEditing: assign(({ context }) => ({
      fields: context.endpoint ? fieldsOf(context.endpoint) : null,
      error: null,
      errorField: null,
    })),
    change: assign({
      fields: ({ context, event }) =>
        context.fields && changed(context.fields, event as FieldChange),
    }),
    keepEndpoint: assign({ endpoint: ({ event }) => outputOf(event), fields: null, error: null }),
    keepSecret: assign(({ event }) => {
      const { endpoint, secret } = (event as unknown as { output: WebhookSecretResults }).output
      return { endpoint, secret, error: null }
    }),
    refreshLog: enqueueActions(({ context, enqueue }) => {
      if (context.deliveries) enqueue.sendTo(context.deliveries, { type: 'deliveries.refresh' })
    }),
    notifySaved: notify<C, E>(savedNotice),
    notifySwitched: notify<C, E>(({ context }) =>
      context.endpoint ? switchedNotice(context.endpoint) : null,
    ),
    notifyNotSwitched: notify<C, E>(({ context }) =>
      notSwitchedNotice(!context.endpoint?.enabled, context.error),
    ),
    notifyTestQueued: notify<C, E>(testQueuedNotice),
    notifyTestFailed: notify<C, E>(({ context }) => testFailedNotice(context.error)),
    notifyDeleted: notify<C, E>(({ context }) =>
      context.endpoint ? deletedNotice(context.endpoint) : null,
    ),
  },
})
