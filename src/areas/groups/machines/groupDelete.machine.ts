import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Group } from '../../../../schema/access'
import { deleteGroup } from '../../../data/api/groups'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import { deletedNotice, notDeletedNotice } from './groups.messages'
import { tellParent } from './tellParent'

type GroupDeleteContext = {
  /** The group asked about. */
  group: Group | null
  error: string | null
}

export type GroupDeleteEvent =
  | { type: 'groupDelete.ask'; group: Group }
  | { type: 'groupDelete.confirm' }
  | { type: 'groupDelete.cancel' }

/** The server deletes the group; its members stay users. */
export const removeGroup = fromPromise<Group, { id: string }>(({ input, signal }) =>
  deleteGroup(input.id, { signal }),
)

type Args = { context: GroupDeleteContext }

/**
 * Deleting a group (roles.write): the dialog asks first, naming how many members it has; once
 * deleted, the Groups page drops it from the list.
 */
export const groupDeleteMachine = setup({
  types: {
    context: {} as GroupDeleteContext,
    events: {} as GroupDeleteEvent,
  },
  actors: { removeGroup },
  actions: {
    tellPage: tellParent(({ context }: Args) => ({
      type: 'groups.removed',
      id: context.group?.id ?? '',
    })),
    notifyDeleted: notify(({ context }: Args) =>
      context.group ? deletedNotice(context.group) : null,
    ),
    notifyNotDeleted: notify(({ context }: Args) => notDeletedNotice(context.error)),
  },
}).createMachine({
  id: 'groupDelete',
  description: 'Deletes a group after asking, naming how many members it has.',
  context: { group: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: "No dialog; each group's Delete opens it.",
      on: {
        'groupDelete.ask': {
          target: 'confirming',
          description: "A group's Delete was pressed.",
          actions: assign({ group: ({ event }) => event.group, error: null }),
        },
      },
    },
    ...confirmDialog({
      confirm: 'groupDelete.confirm',
      cancel: 'groupDelete.cancel',
      acting: 'deleting',
      back: 'idle',
      says: {
        asking: "'Delete Pharmacy staff?' names how many members leave it; Delete and Cancel.",
        confirmed: 'Delete was pressed.',
        cancelled: 'Cancel was pressed (or Escape, or a click outside).',
        failed: 'The delete failed: the dialog says why and offers Delete again.',
        again: 'Delete was pressed again.',
        gaveUp: 'Cancel was pressed: the group stays.',
      },
    }),
    deleting: {
      description: 'The server deletes the group; the dialog waits.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'removeGroup',
        src: 'removeGroup',
        input: ({ context }) => ({ id: context.group?.id ?? '' }),
        onDone: {
          target: 'idle',
          description: "Deleted: the list drops it and a notice says '… was deleted'.",
          actions: ['tellPage', 'notifyDeleted'],
        },
        onError: {
          target: 'failed',
          description: 'Refused: the dialog and a notice say why.',
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error) }),
            'notifyNotDeleted',
          ],
        },
      },
    },
  },
})

export type GroupDeleteActor = ActorRefFrom<typeof groupDeleteMachine>
export type GroupDeleteSnapshot = SnapshotFrom<typeof groupDeleteMachine>
