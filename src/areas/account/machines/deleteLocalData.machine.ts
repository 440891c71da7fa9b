import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { deleteLocalData } from '../../../data/db/deleteLocalData'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { failed, succeeded } from '../../../kit/machines/notification.messages'
import { notify, tellSession } from '../../../kit/machines/system'
import { finalState } from '../../../kit/machines/finalState'

type DeleteLocalDataContext = { error: string | null }

export type DeleteLocalDataEvent =
  { type: 'localData.delete' } | { type: 'localData.confirm' } | { type: 'localData.cancel' }

const dialog = confirmDialog({
  confirm: 'localData.confirm',
  cancel: 'localData.cancel',
  acting: 'deleting',
  back: 'idle',
  says: {
    asking: "'Are you sure you want to delete this local data?' with Cancel and Delete.",
    confirmed: 'Delete was pressed.',
    cancelled: 'Cancel, Escape or a click outside.',
    failed: 'Deleting failed (another tab may hold the databases); the dialog says why.',
    again: 'Delete was pressed again.',
    gaveUp: 'The person gave up.',
  },
})

/**
 * The Profile's 'Delete Local Data' (SPEC.md §2): after a confirmation, deletes the cache
 * databases and the local preferences, then logs the person out.
 */
export const deleteLocalDataMachine = setup({
  types: {
    context: {} as DeleteLocalDataContext,
    events: {} as DeleteLocalDataEvent,
  },
  actors: {
    deleteLocalData: fromPromise<void>(() => deleteLocalData()),
  },
  actions: {
    // The session actor ends the session; the signed-in routes give way to the login.
    logOut: tellSession(() => ({ type: 'session.signOut' })),
    // The stack lives above the routes: the notice is still there on the login page.
    notifyDeleted: notify(succeeded('The local data of this browser was deleted')),
    notifyNotDeleted: notify(({ context }: { context: DeleteLocalDataContext }) =>
      failed('The local data was not deleted', context.error),
    ),
  },
}).createMachine({
  id: 'deleteLocalData',
  meta: { spec: ['§2.8'] },
  description: "Deletes this browser's copy of the data, then logs out.",
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The Delete Local Data button.',
      on: {
        'localData.delete': {
          target: 'confirming',
          description: 'Delete Local Data was pressed.',
          actions: assign({ error: null }),
        },
      },
    },
    confirming: dialog.confirming,
    deleting: {
      description: 'Closes and deletes the databases, then clears the preferences.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'deleteLocalData',
        src: 'deleteLocalData',
        onDone: {
          target: 'deleted',
          description:
            "The databases and preferences were deleted: 'The local data of this browser was deleted'.",
          actions: 'notifyDeleted',
        },
        onError: {
          target: 'failed',
          description: "Deleting failed: 'The local data was not deleted: …', in the dialog too.",
          actions: [
            assign({
              error: ({ event }) =>
                event.error instanceof Error && event.error.message
                  ? event.error.message
                  : 'an error occurred',
            }),
            'notifyNotDeleted',
          ],
        },
      },
    },
    failed: dialog.failed,
    deleted: finalState('Nothing is left locally; the person is logged out.', {
      tags: ['busy'],
      entry: 'logOut',
    }),
  },
})

export type DeleteLocalDataActor = ActorRefFrom<typeof deleteLocalDataMachine>
export type DeleteLocalDataSnapshot = SnapshotFrom<typeof deleteLocalDataMachine>
