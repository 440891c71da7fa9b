import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { User } from '../../schema/user'
import { deleteVisage, uploadVisage } from '../data/api/visage'
import { storeUser } from '../data/db/users'
import { serverMessage } from './profile.messages'
import type { SessionActor } from './session.machine'

type VisageContext = {
  userId: string
  /** The stored image's reference, or null without one. */
  visage: string | null
  /** The file being uploaded. */
  file: File | null
  /** A refused drop (SPEC.md §8 'File-drop errors') or the server's refusal, in words. */
  error: string | null
  session: SessionActor | undefined
}

export type VisageEvent =
  | { type: 'visage.drop'; file: File }
  | { type: 'visage.dropRejected'; message: string }
  | { type: 'visage.delete' }
  | { type: 'visage.confirmDelete' }
  | { type: 'visage.cancelDelete' }

export type VisageInput = { user: Pick<User, 'id' | 'visage'>; session: SessionActor | undefined }

// The server has the change; a cache that cannot be written is caught up by the sync.
const cached = async (user: User) => {
  await storeUser(user).catch(() => undefined)
  return user
}

const upload = fromPromise<User, { userId: string; file: File }>(async ({ input, signal }) =>
  cached(await uploadVisage(input.userId, input.file, { signal })),
)

const remove = fromPromise<User, { userId: string }>(async ({ input, signal }) =>
  cached(await deleteVisage(input.userId, { signal })),
)

/**
 * The Profile's visage image (SPEC.md §4 'Visage'): absent, uploaded by a drop, present, deleted
 * after the delete confirmation dialog.
 */
export const visageMachine = setup({
  types: {
    context: {} as VisageContext,
    events: {} as VisageEvent,
    input: {} as VisageInput,
  },
  actors: { uploadVisage: upload, deleteVisage: remove },
  guards: { hasVisage: ({ context }) => context.visage !== null },
  actions: {
    saved: enqueueActions(({ context, enqueue }, user: User) => {
      enqueue.assign({ visage: user.visage })
      if (context.session)
        enqueue.sendTo(context.session, { type: 'self.updated', changes: { visage: user.visage } })
    }),
  },
}).createMachine({
  id: 'visage',
  description: 'Uploads, shows and deletes the signed-in user’s visage.',
  context: ({ input }) => ({
    userId: input.user.id,
    visage: input.user.visage,
    file: null,
    error: null,
    session: input.session,
  }),
  initial: 'absent',
  states: {
    absent: {
      description: "No image: the drop zone 'Drop Image File Here'.",
      // The user may already have one when the screen opens.
      always: { guard: 'hasVisage', target: 'present' },
      initial: 'ready',
      states: {
        ready: { description: 'Nothing to report.' },
        failed: {
          description: 'The drop or the upload was refused; the message shows.',
          tags: ['error'],
        },
      },
      on: {
        'visage.drop': {
          target: 'uploading',
          description: 'One image file was dropped or chosen.',
          actions: assign({ file: ({ event }) => event.file }),
        },
        'visage.dropRejected': {
          target: '.failed',
          description: 'The drop zone refused what was dropped (type, count).',
          actions: assign({ error: ({ event }) => event.message }),
        },
      },
    },
    uploading: {
      description: 'The file goes to the server; the drop zone shows progress.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'uploadVisage',
        src: 'uploadVisage',
        // Only 'visage.drop' enters this state, and it sets the file.
        input: ({ context }) => ({ userId: context.userId, file: context.file as File }),
        onDone: {
          target: 'present',
          actions: [{ type: 'saved', params: ({ event }) => event.output }, assign({ file: null })],
        },
        onError: {
          target: 'absent.failed',
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error) }),
            assign({ file: null }),
          ],
        },
      },
    },
    present: {
      description: 'The image with a Delete Visage button.',
      on: {
        'visage.delete': {
          target: 'confirmingDelete',
          description: 'Delete Visage was pressed.',
        },
      },
    },
    confirmingDelete: {
      description: "'Are you sure you want to delete this visage?' with Cancel and Delete.",
      tags: ['open'],
      entry: assign({ error: null }),
      on: {
        'visage.confirmDelete': { target: 'deleting', description: 'Delete was pressed.' },
        'visage.cancelDelete': {
          target: 'present',
          description: 'Cancel, Escape or a click outside.',
        },
      },
    },
    deleting: {
      description: 'The server deletes the image; the dialog waits with its buttons off.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'deleteVisage',
        src: 'deleteVisage',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'absent',
          actions: { type: 'saved', params: ({ event }) => event.output },
        },
        onError: {
          target: 'deleteFailed',
          actions: assign({ error: ({ event }) => serverMessage(event.error) }),
        },
      },
    },
    deleteFailed: {
      description:
        "The delete failed; the dialog shows the server's message and offers Delete again.",
      tags: ['open', 'error'],
      on: {
        'visage.confirmDelete': { target: 'deleting', description: 'Delete was pressed again.' },
        'visage.cancelDelete': { target: 'present', description: 'The person gave up.' },
      },
    },
  },
})

export type VisageActor = ActorRefFrom<typeof visageMachine>
export type VisageSnapshot = SnapshotFrom<typeof visageMachine>
