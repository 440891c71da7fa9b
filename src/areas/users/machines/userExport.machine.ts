import { fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { ListRow } from '../../../data/lists/filter'
import { matchingRows } from '../../../data/lists/matching'
import type { ListOptions } from '../../../data/lists/options'
import type { ListActor } from '../../../kit/machines/list.machine'
import { notify } from '../../../kit/machines/system'
import { exportFailedNotice } from './userSelection.messages'

export type UserExportContext = {
  list: ListActor
  /** Writes the rows out (the view's users.csv download). */
  write: (rows: ListRow[]) => void
}

export type UserExportEvent = { type: 'export.start' }

/** Every user under the list's search, filters and sort, read from the cache. */
export const readMatching = fromPromise<ListRow[], { options: ListOptions }>(({ input }) =>
  matchingRows('users', input.options),
)

/**
 * 'Export CSV' of the Users list (docs/console-users.md): every matching user, not only the
 * loaded pages, in the list's sort; the view turns them into users.csv.
 */
export const userExportMachine = setup({
  types: {
    context: {} as UserExportContext,
    events: {} as UserExportEvent,
    input: {} as { list: ListActor; write: (rows: ListRow[]) => void },
  },
  actors: { readMatching },
  actions: { notifyFailed: notify(exportFailedNotice) },
}).createMachine({
  id: 'userExport',
  description: "The Users list's CSV export.",
  context: ({ input }) => ({ list: input.list, write: input.write }),
  initial: 'idle',
  states: {
    idle: {
      description: "'Export CSV' is on.",
      on: { 'export.start': { target: 'reading', description: "'Export CSV' was pressed." } },
    },
    reading: {
      description: 'Reads every matching user from the cache; the button waits.',
      tags: ['busy'],
      invoke: {
        id: 'readMatching',
        src: 'readMatching',
        input: ({ context }) => ({ options: context.list.getSnapshot().context.options }),
        onDone: {
          target: 'idle',
          description: 'The users were read and users.csv was downloaded.',
          actions: ({ context, event }) => context.write(event.output),
        },
        onError: {
          target: 'idle',
          description: 'The cache could not be read: a notice says so.',
          actions: 'notifyFailed',
        },
      },
    },
  },
})

export type UserExportActor = ActorRefFrom<typeof userExportMachine>
export type UserExportSnapshot = SnapshotFrom<typeof userExportMachine>
