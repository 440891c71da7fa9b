import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Service } from '../../../../schema/service'
import { deleteService, restoreService } from '../../../data/api/services'
import { keptService } from '../../../data/db/services'
import { serverMessage } from '../../../kit/machines/notification.messages'
import {
  deletedNotice,
  notDeletedNotice,
  notRestoredNotice,
  restoredNotice,
} from './serviceLifecycle.messages'
import { notify } from '../../../kit/machines/system'

type LifecycleContext = {
  serviceId: string
  /** The service's name, for the notices. */
  name: string
  deleted: boolean
  /** Why the last delete or restore failed, shown in its dialog. */
  error: string | null
}

export type LifecycleEvent =
  | { type: 'service.delete' }
  | { type: 'service.restore' }
  | { type: 'service.confirm' }
  | { type: 'service.cancel' }

export type LifecycleInput = { service: Pick<Service, 'id' | 'deleted' | 'name'> }

type ServiceCall = (id: string, options: { signal: AbortSignal }) => Promise<Service>

/**
 * The chart's effects: each server call, its answer then kept in the cache. Tests swap the calls
 * (`serviceLifecycleMachine.provide({ actors: lifecycleActors(stubs) })`).
 */
export const lifecycleActors = (
  api: { deleteService: ServiceCall; restoreService: ServiceCall } = {
    deleteService: (...args) => deleteService(...args),
    restoreService: (...args) => restoreService(...args),
  },
) => ({
  deleteService: fromPromise<Service, { serviceId: string }>(({ input, signal }) =>
    keptService(api.deleteService(input.serviceId, { signal })),
  ),
  restoreService: fromPromise<Service, { serviceId: string }>(({ input, signal }) =>
    keptService(api.restoreService(input.serviceId, { signal })),
  ),
})

/**
 * A service's lifecycle (SPEC.md §4 'Service'): active to deleted through Delete and its
 * confirmation ('Delete {name}?'), deleted to active through Restore and its matching confirmation.
 * Deleting is soft: the service stays, marked deleted, until it is restored.
 */
export const serviceLifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
  },
  actors: lifecycleActors(),
  guards: { isDeleted: ({ context }) => context.deleted },
  actions: {
    notifyDeleted: notify(({ context }: { context: LifecycleContext }) =>
      deletedNotice(context.name),
    ),
    notifyNotDeleted: notify(({ context }: { context: LifecycleContext }) =>
      notDeletedNotice(context.name, context.error),
    ),
    notifyRestored: notify(({ context }: { context: LifecycleContext }) =>
      restoredNotice(context.name),
    ),
    notifyNotRestored: notify(({ context }: { context: LifecycleContext }) =>
      notRestoredNotice(context.name, context.error),
    ),
  },
}).createMachine({
  id: 'serviceLifecycle',
  description: 'Deletes and restores a service, each after a confirmation.',
  context: ({ input }) => ({
    serviceId: input.service.id,
    name: input.service.name,
    deleted: input.service.deleted,
    error: null,
  }),
  initial: 'active',
  states: {
    active: {
      description: 'The pane with its edit icons and the Delete button.',
      // The service may be deleted already when the pane opens.
      always: {
        guard: 'isDeleted',
        target: 'deleted',
        description: 'The service had been deleted before the pane opened.',
      },
      on: {
        'service.delete': {
          target: 'confirmingDelete',
          description: 'Delete was pressed.',
          actions: assign({ error: null }),
        },
      },
    },
    confirmingDelete: {
      description: "'Delete {name}?' with Cancel and Delete.",
      tags: ['open', 'deleteDialog'],
      on: {
        'service.confirm': { target: 'deleting', description: 'Delete was pressed in the dialog.' },
        'service.cancel': {
          target: 'active',
          description: 'Cancel was pressed (or Escape, or a click outside).',
        },
      },
    },
    deleting: {
      description: 'The server deletes the service; the dialog waits with its buttons off.',
      tags: ['open', 'deleteDialog', 'busy'],
      invoke: {
        id: 'deleteService',
        src: 'deleteService',
        input: ({ context }) => ({ serviceId: context.serviceId }),
        onDone: {
          target: 'deleted',
          description: "The server deleted the service; a notice says '{name} was deleted'.",
          actions: [
            assign({
              deleted: ({ event }) => event.output.deleted,
              name: ({ event }) => event.output.name,
            }),
            'notifyDeleted',
          ],
        },
        onError: {
          target: 'deleteFailed',
          description: "The server refused; a notice says '{name} was not deleted', and why.",
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error) }),
            'notifyNotDeleted',
          ],
        },
      },
    },
    deleteFailed: {
      description: "The delete failed; the dialog shows the server's message and offers it again.",
      tags: ['open', 'deleteDialog', 'error'],
      on: {
        'service.confirm': { target: 'deleting', description: 'Delete was pressed again.' },
        'service.cancel': {
          target: 'active',
          description: 'Cancel was pressed: the person gave up.',
        },
      },
    },
    deleted: {
      description: 'Deleted: the fields are read-only and the Restore button shows.',
      on: {
        'service.restore': {
          target: 'confirmingRestore',
          description: 'Restore was pressed.',
          actions: assign({ error: null }),
        },
      },
    },
    confirmingRestore: {
      description: "'Restore {name}?' with Cancel and Restore.",
      tags: ['open', 'restoreDialog'],
      on: {
        'service.confirm': {
          target: 'restoring',
          description: 'Restore was pressed in the dialog.',
        },
        'service.cancel': {
          target: 'deleted',
          description: 'Cancel was pressed (or Escape, or a click outside).',
        },
      },
    },
    restoring: {
      description: 'The server restores the service; the dialog waits with its buttons off.',
      tags: ['open', 'restoreDialog', 'busy'],
      invoke: {
        id: 'restoreService',
        src: 'restoreService',
        input: ({ context }) => ({ serviceId: context.serviceId }),
        onDone: {
          target: 'active',
          description: "The server restored the service; a notice says '{name} was restored'.",
          actions: [
            assign({
              deleted: ({ event }) => event.output.deleted,
              name: ({ event }) => event.output.name,
            }),
            'notifyRestored',
          ],
        },
        onError: {
          target: 'restoreFailed',
          description: "The server refused; a notice says '{name} was not restored', and why.",
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error) }),
            'notifyNotRestored',
          ],
        },
      },
    },
    restoreFailed: {
      description: "The restore failed; the dialog shows the server's message and offers it again.",
      tags: ['open', 'restoreDialog', 'error'],
      on: {
        'service.confirm': { target: 'restoring', description: 'Restore was pressed again.' },
        'service.cancel': {
          target: 'deleted',
          description: 'Cancel was pressed: the person gave up.',
        },
      },
    },
  },
})

export type ServiceLifecycleActor = ActorRefFrom<typeof serviceLifecycleMachine>
export type ServiceLifecycleSnapshot = SnapshotFrom<typeof serviceLifecycleMachine>
