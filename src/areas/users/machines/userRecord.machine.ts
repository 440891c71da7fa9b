import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { User } from '../../../../schema/user'
import { watchUser } from '../../../data/db/users'

type RecordContext = { id: string; user: User | null }

export type RecordEvent =
  { type: 'record.loaded'; user: User | undefined } | { type: 'record.failed'; error: unknown }

export type RecordInput = { id: string }

/** Sends 'record.loaded' with the cached row now and after every change to it. */
const watchUserRow = fromCallback<RecordEvent, { id: string }>(({ input, sendBack }) =>
  watchUser(input.id, {
    next: (user) => sendBack({ type: 'record.loaded', user }),
    error: (error) => sendBack({ type: 'record.failed', error }),
  }),
)

/**
 * One user as the local cache holds it (SPEC.md §1: screens read the local database): the
 * detail pane follows it live, so a save here, a sync batch or another tab all show at once.
 */
export const userRecordMachine = setup({
  types: {
    context: {} as RecordContext,
    events: {} as RecordEvent,
    input: {} as RecordInput,
  },
  actors: { watchUserRow },
  guards: {
    isFound: (_, user: User | undefined) => user !== undefined,
  },
}).createMachine({
  id: 'userRecord',
  description: 'Follows one user in the identity cache.',
  context: ({ input }) => ({ id: input.id, user: null }),
  initial: 'watching',
  states: {
    watching: {
      description: 'The pane follows the row in the cache: read now and after every change.',
      invoke: {
        id: 'watchUserRow',
        src: 'watchUserRow',
        input: ({ context }) => ({ id: context.id }),
        // No onError: the watch reports a failed read as 'record.failed' and never throws.
      },
      on: {
        'record.loaded': [
          {
            guard: { type: 'isFound', params: ({ event }) => event.user },
            target: '.found',
            description:
              'The cache read returned the user (the first read, or one after a change).',
            actions: assign({ user: ({ event }) => event.user ?? null }),
          },
          {
            target: '.missing',
            description: 'The cache read returned no user with this id.',
            actions: assign({ user: null }),
          },
        ],
        'record.failed': { target: 'failed', description: 'Reading the cache failed.' },
      },
      initial: 'loading',
      states: {
        loading: { description: 'The first read of the cache.', tags: ['busy'] },
        found: { description: 'The user is shown.' },
        missing: { description: "'User not found': no such id in the cache." },
      },
    },
    failed: {
      description: 'The cache could not be read (the watch ends); the pane says so.',
      tags: ['error'],
      type: 'final',
    },
  },
})

export type UserRecordActor = ActorRefFrom<typeof userRecordMachine>
export type UserRecordSnapshot = SnapshotFrom<typeof userRecordMachine>
