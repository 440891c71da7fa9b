import { setup, type ActorRefFrom } from 'xstate'
import type { ListRow } from '../../../kit/machines/list.machine'
import { listPartActors, type ListParts } from '../../../kit/machines/listScreen.machine'
import { userBulkMachine, type UserBulkActor } from './userBulk.machine'
import { userExportMachine, type UserExportActor } from './userExport.machine'
import { userSelectionMachine, type UserSelectionActor } from './userSelection.machine'

export type UsersPageParts = ListParts & {
  selection: UserSelectionActor
  bulk: UserBulkActor
  exporter: UserExportActor
}

/**
 * The Users screen's page machine: it spawns the list's parts, the selection and the export that
 * watch the list, and the bulk actions, as children the views only select from and send to.
 */
export const usersPageMachine = setup({
  types: {
    context: {} as UsersPageParts,
    input: {} as { write: (rows: ListRow[]) => void },
  },
  actors: {
    ...listPartActors,
    selection: userSelectionMachine,
    bulk: userBulkMachine,
    exporter: userExportMachine,
  },
}).createMachine({
  id: 'usersPage',
  description: 'The Users screen: the list, its options and drawer, selection, bulk and export.',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { type: 'users' } })
    return {
      list,
      options: spawn('options', { id: 'options', input: { list } }),
      drawer: spawn('drawer', { id: 'drawer' }),
      selection: spawn('selection', { id: 'selection', input: { list } }),
      bulk: spawn('bulk', { id: 'bulk' }),
      exporter: spawn('exporter', { id: 'exporter', input: { list, write: input.write } }),
    }
  },
})

export type UsersPageActor = ActorRefFrom<typeof usersPageMachine>
