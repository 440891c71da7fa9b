import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { PAGE_SIZE } from '../../data/lists/listTypes'
import { defaultListOptions } from '../../data/lists/options'
import { activeState } from './list.active'
import { listSetup } from './list.setup'

/** What the list views need of the data layer's list shapes, through their statechart. */
export type { ListRow } from '../../data/lists/filter'
export type { SortDirection } from '../../data/lists/listTypes'
export type { ListFilters } from '../../data/lists/options'
/** The Users list's status rule (its filter and its badge say the same). */
export {
  hasSecondFactor,
  rowFactors,
  userStatus,
  type RowFactors,
  type UserStatus,
} from '../../data/lists/filter'
export { PAGE_SIZE }
export type { ListContext, ListEvent } from './list.setup'

/**
 * One cached list (Sessions, Services): options kept per list type, search applied after a
 * 100 ms debounce, 50-row keyset pages appended as the person scrolls, a live refresh when the
 * table changes, and an error state that stays on screen. Invoked by a screen with its list type.
 *
 * list.setup.ts holds its context, events, actors, guards and actions; list.active.ts the list on
 * screen (every state after the options are restored).
 */
export const listMachine = listSetup.createMachine({
  id: 'list',
  meta: { spec: ['§2.10', '§2.11'] },
  description: 'A cached list read page by page from the local database.',
  context: ({ input }) => ({
    type: input.type,
    options: defaultListOptions(input.type),
    searchText: '',
    rows: [],
    last: null,
    done: false,
    count: 0,
    error: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reads the options kept for this list type (sort, filters, search).',
      // 'restoring': the options are not known yet (the options chart waits for them).
      tags: ['busy', 'restoring'],
      invoke: {
        id: 'restoreOptions',
        src: 'restoreOptions',
        input: ({ context }) => ({ type: context.type }),
        onDone: {
          target: 'active',
          description: 'The kept options were read; the search field shows the kept search.',
          actions: assign(({ event }) => ({
            options: event.output,
            searchText: event.output.filters.text,
          })),
        },
        // Unreadable options are not worth an error: the defaults are already in place.
        onError: {
          target: 'active',
          description: 'The kept options could not be read: the defaults apply.',
        },
      },
    },
    active: activeState,
  },
})

export type ListActor = ActorRefFrom<typeof listMachine>
export type ListSnapshot = SnapshotFrom<typeof listMachine>
