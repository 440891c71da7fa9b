import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'
import { webhookEndpointSetup } from './webhookEndpoint.setup'

export type { WebhookEndpointEvent, WebhookEndpointInput } from './webhookEndpoint.setup'

const edit = (description: string) => ({ description, actions: 'change' as const })

/**
 * An endpoint's page (issue 33): its settings, read once. Edit changes the URL, description and
 * events in a dialog (the server's refusal on its field); Enable/Disable at once; 'Send test
 * event' queues one and has the delivery log read again; 'Rotate secret' and 'Delete endpoint'
 * ask first. The new secret shows once, with until when the old one still signs.
 *
 * Its context, events, effects and actions: webhookEndpoint.setup.ts.
 */
export const webhookEndpointMachine = webhookEndpointSetup.createMachine({
  id: 'webhookEndpoint',
  description: "An endpoint's settings, test event, secret rotation and deletion.",
  context: ({ input }) => ({
    id: input.id,
    deliveries: input.deliveries ?? null,
    endpoint: null,
    fields: null,
    error: null,
    errorField: null,
    secret: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The endpoint is read; 'Loading the endpoint…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'readWebhook',
        src: 'readWebhook',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          description: 'Read: its settings, Send test event, Rotate secret and Delete show.',
          actions: assign({ endpoint: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'unavailable',
          description: 'The read failed (or there is no such endpoint): the reason and Retry.',
          actions: 'recordError',
        },
      },
    },
    unavailable: {
      description: "'The endpoint could not be loaded' with the reason and Retry.",
      tags: ['error'],
      on: { 'webhook.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description: 'The settings with Edit and Enable or Disable; Send test event, Rotate, Delete.',
      on: {
        'webhook.edit': {
          target: 'editing',
          description: "'Edit' was pressed: the form opens with the endpoint's settings.",
          actions: 'startEditing',
        },
        'webhook.switch': {
          target: 'switching',
          description: "'Enable' or 'Disable' was pressed.",
        },
        'webhook.test': {
          guard: 'isEnabled',
          target: 'testing',
          description: "'Send test event' was pressed on an enabled endpoint.",
        },
        'webhook.rotate': {
          target: 'rotate',
          description: "'Rotate secret' was pressed: its confirmation opens.",
        },
        'webhook.delete': {
          target: 'remove',
          description: "'Delete endpoint' was pressed: its confirmation opens.",
        },
      },
    },
    editing: {
      description: 'Edit endpoint: URL, description and events; Save and Cancel.',
      tags: ['open', 'edit'],
      ...quietOrFailed('idle', 'rejected', {
        quiet: 'Nothing was refused.',
        failed: "The server refused the last Save: its words show under the field they're about.",
      }),
      on: {
        'webhook.url': edit('The URL was typed.'),
        'webhook.description': edit('The description was typed.'),
        'webhook.all': edit("'All events' or 'Choose events' was picked."),
        'webhook.event': edit('An event was checked or unchecked.'),
        'webhook.save': {
          guard: 'canSave',
          target: 'saving',
          description: 'Save was pressed with a URL and at least one event.',
        },
        'webhook.cancel': {
          target: 'ready',
          description: 'Cancel was pressed (or Escape): nothing changes.',
        },
      },
    },
    saving: {
      description: 'The server saves the settings; the form waits.',
      tags: ['open', 'edit', 'busy'],
      entry: assign({ error: null, errorField: null }),
      invoke: {
        id: 'saveWebhook',
        src: 'saveWebhook',
        input: ({ context }) => ({ id: context.id, fields: context.fields }),
        onDone: {
          target: 'ready',
          description: "Saved: the settings show, and 'The endpoint was saved.'",
          actions: ['keepEndpoint', 'notifySaved'],
        },
        onError: {
          target: 'editing.rejected',
          description: "Refused (422) or failed: the input stays and the server's words show.",
          actions: 'recordRefusal',
        },
      },
    },
    switching: {
      description: 'The server turns the endpoint on or off; the button waits.',
      tags: ['busy'],
      invoke: {
        id: 'switchWebhook',
        src: 'switchWebhook',
        input: ({ context }) => ({ id: context.id, enabled: !context.endpoint?.enabled }),
        onDone: {
          target: 'ready',
          description: 'Switched: Enabled or Disabled shows, with a notice saying so.',
          actions: ['keepEndpoint', 'notifySwitched'],
        },
        onError: {
          target: 'ready',
          description: 'Refused or failed: it stays as it was; a notice says why.',
          actions: ['recordError', 'notifyNotSwitched'],
        },
      },
    },
    testing: {
      description: "The server queues a test event; 'Send test event' waits.",
      tags: ['busy'],
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          description: "Queued: 'A test event was queued.' and the delivery log reads again.",
          actions: ['notifyTestQueued', 'refreshLog'],
        },
        onError: {
          target: 'ready',
          description: 'Refused (a disabled endpoint) or failed: a notice says why.',
          actions: ['recordError', 'notifyTestFailed'],
        },
      },
    },
    rotate: {
      description: 'Rotating the signing secret: its confirmation, the rotation, the new secret.',
      initial: 'confirming',
      states: {
        ...confirmDialog({
          confirm: 'webhook.confirm',
          cancel: 'webhook.cancel',
          acting: 'rotating',
          back: '#webhookEndpoint.ready',
          tags: ['rotate'],
          says: {
            asking: "'Rotate the signing secret?': the old one keeps signing for 24 hours.",
            confirmed: "'Rotate secret' was pressed.",
            cancelled: 'Cancel was pressed (or Escape): the secret stays.',
            failed: "The rotation failed: the dialog says why; 'Rotate secret' again, or Cancel.",
            again: "'Rotate secret' was pressed again.",
            gaveUp: 'Cancel was pressed: the secret stays as it was.',
          },
        }),
        rotating: {
          description: 'The server makes a new secret; the dialog waits.',
          tags: ['open', 'rotate', 'busy'],
          invoke: {
            id: 'rotateSecret',
            src: 'rotateSecret',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: 'shown',
              description: 'Rotated: the new secret shows once, and until when the old one signs.',
              actions: 'keepSecret',
            },
            onError: {
              target: 'failed',
              description: "Refused or failed: the dialog stays open with the server's words.",
              actions: 'recordError',
            },
          },
        },
        shown: {
          description: "The new secret with Copy, 'You won't see it again' and the old one's end.",
          tags: ['secret'],
          on: {
            'webhook.done': {
              target: '#webhookEndpoint.ready',
              description: 'Done was pressed: the new secret is gone for good.',
              actions: assign({ secret: null }),
            },
          },
        },
      },
    },
    remove: {
      description: 'Deleting the endpoint: its confirmation, then the deletion.',
      initial: 'confirming',
      states: {
        ...confirmDialog({
          confirm: 'webhook.confirm',
          cancel: 'webhook.cancel',
          acting: 'deleting',
          back: '#webhookEndpoint.ready',
          tags: ['delete'],
          says: {
            asking: "'Delete “name”?': it receives nothing more, waiting deliveries are cancelled.",
            confirmed: "'Delete endpoint' was pressed.",
            cancelled: 'Cancel was pressed (or Escape): the endpoint stays.',
            failed: "The deletion failed: the dialog says why; 'Delete endpoint' again, or Cancel.",
            again: "'Delete endpoint' was pressed again.",
            gaveUp: 'Cancel was pressed: the endpoint stays.',
          },
        }),
        deleting: {
          description: 'The server deletes the endpoint; the dialog waits.',
          tags: ['open', 'delete', 'busy'],
          invoke: {
            id: 'deleteWebhook',
            src: 'deleteWebhook',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: '#webhookEndpoint.deleted',
              description: "Deleted: 'The endpoint … was deleted.' and the Webhooks screen shows.",
              actions: 'notifyDeleted',
            },
            onError: {
              target: 'failed',
              description: "Refused or failed: the dialog stays open with the server's words.",
              actions: 'recordError',
            },
          },
        },
      },
    },
    deleted: {
      description: 'The endpoint is gone: the console goes back to the Webhooks screen.',
      tags: ['deleted'],
      type: 'final',
    },
  },
})

export type WebhookEndpointActor = ActorRefFrom<typeof webhookEndpointMachine>
export type WebhookEndpointSnapshot = SnapshotFrom<typeof webhookEndpointMachine>
