import { fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { User } from '../../../../schema/user'
import { watchUser } from '../../../data/db/users'
import { recordSays, recordStates } from '../../../kit/machines/cacheRecord.chart'

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

/** The chart's implementations (`userRecordMachine`). */
const recordSetup = setup({
  types: {
    context: {} as RecordContext,
    events: {} as RecordEvent,
    input: {} as RecordInput,
  },
  actors: { watchUserRow },
  guards: {
    isFound: (_, user: User | undefined) => user !== undefined,
  },
})

const loadedUser = (event: RecordEvent) => (event.type === 'record.loaded' ? event.user : undefined)

/**
 * One user as the local cache holds it (SPEC.md §1: screens read the local database): the
 * detail pane follows it live, so a save here, a sync batch or another tab all show at once.
 */
export const userRecordMachine = recordSetup.createMachine({
  id: 'userRecord',
  description: 'Follows one user in the identity cache.',
  context: ({ input }) => ({ id: input.id, user: null }),
  initial: 'watching',
  states: recordStates({
    watcher: 'watchUserRow',
    rowOf: loadedUser,
    keep: recordSetup.assign({ user: ({ event }) => loadedUser(event) ?? null }),
    forget: recordSetup.assign({ user: null }),
    says: recordSays('user'),
  }),
})

export type UserRecordActor = ActorRefFrom<typeof userRecordMachine>
export type UserRecordSnapshot = SnapshotFrom<typeof userRecordMachine>
