import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { User } from '../../../../schema/user'
import { deleteVisage, uploadVisage } from '../../../data/api/visage'
import { storeUser } from '../../../data/db/users'
import {
  absentState,
  droppedFile,
  dropRefusal,
  refusedFile,
  refusedWith,
  uploadingState,
  type ImageDropEvent,
  type UploadInput,
} from '../../../kit/machines/imageFile.chart'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { visageNotices } from './profile.messages'
import { notify, tellSession } from '../../../kit/machines/system'

type VisageContext = {
  /** The user whose visage it is. */
  ownerId: string
  /** The stored image's reference, or null without one. */
  visage: string | null
  /** The file being uploaded. */
  file: File | null
  /** A refused drop (SPEC.md §8 'File-drop errors') or the server's refusal, in words. */
  error: string | null
}

export type VisageEvent =
  | ImageDropEvent
  | { type: 'visage.delete' }
  | { type: 'visage.confirmDelete' }
  | { type: 'visage.cancelDelete' }

export type VisageInput = { user: Pick<User, 'id' | 'visage'> }

const dialog = confirmDialog({
  confirm: 'visage.confirmDelete',
  cancel: 'visage.cancelDelete',
  acting: 'deleting',
  back: 'present',
  says: {
    asking: "'Are you sure you want to delete this visage?' with Cancel and Delete.",
    confirmed: 'Delete was pressed.',
    cancelled: 'Cancel, Escape or a click outside.',
    failed: "The delete failed; the dialog shows the server's message and offers Delete again.",
    again: 'Delete was pressed again.',
    gaveUp: 'The person gave up.',
  },
})

/**
 * The Profile's visage image (SPEC.md §4 'Visage'): absent, uploaded by a drop, present, deleted
 * after the delete confirmation dialog. The drop and the upload are the chart it shares with a
 * service's logo (imageFile.chart.ts).
 */
export const visageMachine = setup({
  types: {
    context: {} as VisageContext,
    events: {} as VisageEvent,
    input: {} as VisageInput,
  },
  actors: {
    upload: fromPromise<User, UploadInput>(({ input, signal }) =>
      uploadVisage(input.ownerId, input.file, { signal }),
    ),
    deleteVisage: fromPromise<User, { userId: string }>(({ input, signal }) =>
      deleteVisage(input.userId, { signal }),
    ),
  },
  guards: { hasImage: ({ context }) => context.visage !== null },
  actions: {
    keepFile: assign({ file: droppedFile }),
    keepDropError: assign({ error: dropRefusal }),
    clearError: assign({ error: null }),
    failed: assign(refusedFile),
    // The server has the change; a cache that cannot be written is caught up by the sync.
    keepUser: (_, user: User) => void storeUser(user).catch(() => undefined),
    // Kept, and told to the session actor, which merges it: the user menu's avatar follows.
    saved: enqueueActions(({ enqueue }, user: User) => {
      enqueue.assign({ visage: user.visage, file: null })
      // By name (enqueue's types know only XState's own actions here): a replay with effects
      // stubbed (the Flows page) replaces it, so showing a path writes nothing to the cache.
      enqueue({ type: 'keepUser', params: user } as never)
      enqueue(tellSession(() => ({ type: 'self.updated', changes: { visage: user.visage } })))
    }),
    notifyUploaded: notify(visageNotices.uploaded),
    notifyNotUploaded: notify(({ context }: { context: VisageContext }) =>
      visageNotices.notUploaded(context.error),
    ),
    notifyDeleted: notify(visageNotices.deleted),
    notifyNotDeleted: notify(({ context }: { context: VisageContext }) =>
      visageNotices.notDeleted(context.error),
    ),
  },
}).createMachine({
  id: 'visage',
  meta: { spec: ['§2.8', '§4.6', '§5.20'] },
  description: 'Uploads, shows and deletes the signed-in user’s visage.',
  context: ({ input }) => ({
    ownerId: input.user.id,
    visage: input.user.visage,
    file: null,
    error: null,
  }),
  initial: 'absent',
  states: {
    absent: absentState('Drop Image File Here'),
    uploading: uploadingState<User>(),
    present: {
      description: 'The image with a Delete Visage button.',
      on: {
        'visage.delete': {
          target: 'confirmingDelete',
          description: 'Delete Visage was pressed.',
        },
      },
    },
    confirmingDelete: { ...dialog.confirming, entry: 'clearError' },
    deleting: {
      description: 'The server deletes the image; the dialog waits with its buttons off.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'deleteVisage',
        src: 'deleteVisage',
        input: ({ context }) => ({ userId: context.ownerId }),
        onDone: {
          target: 'absent',
          description: "The server deleted it: 'Your visage was deleted'.",
          actions: [{ type: 'saved', params: ({ event }) => event.output }, 'notifyDeleted'],
        },
        onError: {
          target: 'deleteFailed',
          description:
            "The server refused it: 'Your visage was not deleted: …', in the dialog too.",
          actions: refusedWith('notifyNotDeleted'),
        },
      },
    },
    deleteFailed: dialog.failed,
  },
})

export type VisageActor = ActorRefFrom<typeof visageMachine>
export type VisageSnapshot = SnapshotFrom<typeof visageMachine>
