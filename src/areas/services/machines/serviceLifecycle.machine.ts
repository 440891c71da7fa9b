import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Service } from '../../../../schema/service'
import { deleteService, restoreService } from '../../../data/api/services'
import { keptService } from '../../../data/db/services'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
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

// Confirm and Cancel answer whichever dialog is open.
const deleteDialog = confirmDialog({
  confirm: 'service.confirm',
  cancel: 'service.cancel',
  acting: 'deleting',
  back: 'active',
  tags: ['deleteDialog'],
  says: {
    asking: "'Delete {name}?' with Cancel and Delete.",
    confirmed: 'Delete was pressed in the dialog.',
    cancelled: 'Cancel was pressed (or Escape, or a click outside).',
    failed: "The delete failed; the dialog shows the server's message and offers it again.",
    again: 'Delete was pressed again.',
    gaveUp: 'Cancel was pressed: the person gave up.',
  },
})

const restoreDialog = confirmDialog({
  confirm: 'service.confirm',
  cancel: 'service.cancel',
  acting: 'restoring',
  back: 'deleted',
  tags: ['restoreDialog'],
  says: {
    asking: "'Restore {name}?' with Cancel and Restore.",
    confirmed: 'Restore was pressed in the dialog.',
    cancelled: 'Cancel was pressed (or Escape, or a click outside).',
    failed: "The restore failed; the dialog shows the server's message and offers it again.",
    again: 'Restore was pressed again.',
    gaveUp: 'Cancel was pressed: the person gave up.',
  },
})

/** The chart's implementations (`serviceLifecycleMachine`). */
const lifecycleSetup = setup({
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
})

/**
 * The server deletes or restores the service (`call`) while its dialog (tagged `dialog`) waits
 * with its buttons off: the answer is kept, then `done`; or why it failed is kept, then `failed`.
 * Each ends with its notice.
 */
const callingState = ({
  call,
  dialog,
  says,
  done,
  failed,
}: {
  call: 'deleteService' | 'restoreService'
  dialog: 'deleteDialog' | 'restoreDialog'
  says: { calling: string; done: string; failed: string }
  done: { target: 'deleted' | 'active'; notice: 'notifyDeleted' | 'notifyRestored' }
  failed: {
    target: 'deleteFailed' | 'restoreFailed'
    notice: 'notifyNotDeleted' | 'notifyNotRestored'
  }
}) =>
  lifecycleSetup.createStateConfig({
    description: says.calling,
    tags: ['open', dialog, 'busy'],
    invoke: {
      id: call,
      src: call,
      input: ({ context }) => ({ serviceId: context.serviceId }),
      onDone: {
        target: done.target,
        description: says.done,
        actions: [
          assign({
            deleted: ({ event }) => event.output.deleted,
            name: ({ event }) => event.output.name,
          }),
          done.notice,
        ],
      },
      onError: {
        target: failed.target,
        description: says.failed,
        actions: [assign({ error: ({ event }) => serverMessage(event.error) }), failed.notice],
      },
    },
  })

/**
 * A service's lifecycle (SPEC.md §4 'Service'): active to deleted through Delete and its
 * confirmation ('Delete {name}?'), deleted to active through Restore and its matching confirmation.
 * Deleting is soft: the service stays, marked deleted, until it is restored.
 */
export const serviceLifecycleMachine = lifecycleSetup.createMachine({
  id: 'serviceLifecycle',
  meta: { spec: ['§2.9', '§2.11', '§4.9'] },
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
    confirmingDelete: deleteDialog.confirming,
    deleting: callingState({
      call: 'deleteService',
      dialog: 'deleteDialog',
      says: {
        calling: 'The server deletes the service; the dialog waits with its buttons off.',
        done: "The server deleted the service; a notice says '{name} was deleted'.",
        failed: "The server refused; a notice says '{name} was not deleted', and why.",
      },
      done: { target: 'deleted', notice: 'notifyDeleted' },
      failed: { target: 'deleteFailed', notice: 'notifyNotDeleted' },
    }),
    deleteFailed: deleteDialog.failed,
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
    confirmingRestore: restoreDialog.confirming,
    restoring: callingState({
      call: 'restoreService',
      dialog: 'restoreDialog',
      says: {
        calling: 'The server restores the service; the dialog waits with its buttons off.',
        done: "The server restored the service; a notice says '{name} was restored'.",
        failed: "The server refused; a notice says '{name} was not restored', and why.",
      },
      done: { target: 'active', notice: 'notifyRestored' },
      failed: { target: 'restoreFailed', notice: 'notifyNotRestored' },
    }),
    restoreFailed: restoreDialog.failed,
  },
})

export type ServiceLifecycleActor = ActorRefFrom<typeof serviceLifecycleMachine>
export type ServiceLifecycleSnapshot = SnapshotFrom<typeof serviceLifecycleMachine>
