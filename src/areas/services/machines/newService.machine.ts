import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Service } from '../../../../schema/service'
import { SERVICE_FIELDS, type TimeoutField } from '../../../../schema/service-fields'
import { createService, type NewService } from '../../../data/api/services'
import { keptService } from '../../../data/db/services'
import {
  canCreateService,
  createdNotice,
  keyFromName,
  fieldOfMessage,
  notCreatedNotice,
  type NewServiceFields,
  type NewServiceTextField,
} from './newService.messages'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'

type NewServiceContext = {
  fields: NewServiceFields
  /** The person typed a key: the name no longer makes it. Emptied, the name makes it again. */
  keyEdited: boolean
  /** The server's refusal of the last Create, and the field it is about (null: the whole form). */
  error: string | null
  errorField: NewServiceTextField | null
  /** The service the last Create made; the view goes to it while the chart is tagged 'created'. */
  created: Service | null
}

export type NewServiceEvent =
  | { type: 'newService.open' }
  | { type: 'newService.cancel' }
  | { type: 'newService.edit'; field: NewServiceTextField; value: string }
  | { type: 'newService.setTimeout'; field: TimeoutField; value: number }
  | { type: 'newService.create' }

/** SPEC.md §5: empty fields, and the timeouts at their defaults (1 and 30). */
export const emptyNewService = (): NewServiceFields => ({
  key: '',
  name: '',
  description: '',
  url: '',
  accessTokenTimeout: SERVICE_FIELDS.accessTokenTimeout.default,
  refreshTokenTimeout: SERVICE_FIELDS.refreshTokenTimeout.default,
})

type CreateCall = (service: NewService, options: { signal: AbortSignal }) => Promise<Service>

/**
 * The chart's effect: the POST of the trimmed form, its answer then kept in the cache. Tests swap
 * the call (`newServiceMachine.provide({ actors: newServiceActors(stub) })`).
 */
// The call is looked up when made, not when the chart is built.
export const newServiceActors = (post: CreateCall = (...args) => createService(...args)) => ({
  createService: fromPromise<Service, { fields: NewServiceFields }>(({ input, signal }) => {
    const { fields } = input
    return keptService(
      post(
        {
          key: fields.key.trim(),
          name: fields.name.trim(),
          description: fields.description.trim(),
          url: fields.url.trim(),
          accessTokenTimeout: fields.accessTokenTimeout,
          refreshTokenTimeout: fields.refreshTokenTimeout,
        },
        { signal },
      ),
    )
  }),
})

/**
 * The New Service form (SPEC.md §2 'Services', §5): a dialog opened by 'Add Service'; Create sends
 * it, and the new service is stored in the cache and opened at /services/{id}. A refusal keeps the
 * input and shows the server's message beside the field it is about.
 */
export const newServiceMachine = setup({
  types: {
    context: {} as NewServiceContext,
    events: {} as NewServiceEvent,
  },
  actors: newServiceActors(),
  guards: {
    isValid: ({ context }) => canCreateService(context.fields),
  },
  actions: {
    // A name typed while the key is the name's own makes the key too.
    keepInput: assign(({ context, event }) => {
      if (event.type === 'newService.setTimeout')
        return { fields: { ...context.fields, [event.field]: event.value } }
      if (event.type !== 'newService.edit') return {}
      const fields = { ...context.fields, [event.field]: event.value }
      if (event.field === 'key') return { fields, keyEdited: event.value.trim() !== '' }
      if (event.field === 'name' && !context.keyEdited) fields.key = keyFromName(event.value)
      return { fields }
    }),
    clearRefusal: assign({ error: null, errorField: null }),
    notifyCreated: notify(({ context }: { context: NewServiceContext }) =>
      context.created ? createdNotice(context.created) : null,
    ),
    notifyNotCreated: notify(({ context }: { context: NewServiceContext }) =>
      notCreatedNotice(context.error),
    ),
  },
}).createMachine({
  id: 'newService',
  meta: { spec: ['§2.11', '§5.18'] },
  description: 'Creates a service from the New Service form, then opens it.',
  context: {
    fields: emptyNewService(),
    keyEdited: false,
    error: null,
    errorField: null,
    created: null,
  },
  initial: 'closed',
  states: {
    closed: {
      description: "The 'Add Service' button.",
      on: {
        'newService.open': {
          target: 'editing',
          description: "'Add Service' was pressed.",
          actions: [assign({ fields: emptyNewService, keyEdited: false }), 'clearRefusal'],
        },
      },
    },
    editing: {
      description:
        'The form: Name, Key (made from the name until typed), Description, Url, the two timeouts, Create and Cancel.',
      tags: ['open'],
      on: {
        'newService.edit': {
          description: 'The person typed in a field; a name also makes the key until one is typed.',
          actions: 'keepInput',
        },
        'newService.setTimeout': {
          description: 'The person moved a timeout slider.',
          actions: 'keepInput',
        },
        'newService.create': {
          guard: 'isValid',
          target: 'creating',
          description: 'Create was pressed with a key and nothing malformed.',
        },
        'newService.cancel': {
          target: 'closed',
          description: 'Cancel was pressed (or Escape, or a click outside).',
        },
      },
    },
    creating: {
      description: 'The server registers the service; the form waits.',
      tags: ['open', 'busy'],
      entry: assign({ error: null, errorField: null }),
      invoke: {
        id: 'createService',
        src: 'createService',
        input: ({ context }) => ({ fields: context.fields }),
        onDone: {
          target: 'created',
          description: "The server created the service; a notice says '{name} was created'.",
          actions: [assign({ created: ({ event }) => event.output }), 'notifyCreated'],
        },
        onError: {
          target: 'failed',
          description: "The server refused; a notice says 'The service was not created', and why.",
          actions: [
            assign(({ event }) => {
              const message = serverMessage(event.error)
              return { error: message, errorField: fieldOfMessage(message) ?? null }
            }),
            'notifyNotCreated',
          ],
        },
      },
    },
    failed: {
      description: "Refused: the input is kept and the server's message shows beside its field.",
      tags: ['open', 'error'],
      on: {
        'newService.edit': {
          target: 'editing',
          description: 'The person typed in a field; the refusal no longer applies.',
          actions: ['keepInput', 'clearRefusal'],
        },
        'newService.setTimeout': {
          description: 'The person moved a timeout slider; the refusal still applies.',
          actions: 'keepInput',
        },
        'newService.create': {
          guard: 'isValid',
          target: 'creating',
          description: 'Create was pressed again.',
        },
        'newService.cancel': {
          target: 'closed',
          description: 'Cancel was pressed: the person gave up.',
        },
      },
    },
    created: {
      description: 'Stored in the cache; the dialog is closed and the view opens the new service.',
      // 'created': the view goes to /services/{id} of `context.created`.
      tags: ['created'],
      on: {
        'newService.open': {
          target: 'editing',
          description: "'Add Service' was pressed again.",
          actions: [assign({ fields: emptyNewService, keyEdited: false }), 'clearRefusal'],
        },
      },
    },
  },
})

export type NewServiceActor = ActorRefFrom<typeof newServiceMachine>
export type NewServiceSnapshot = SnapshotFrom<typeof newServiceMachine>
