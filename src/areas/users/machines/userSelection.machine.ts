import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { userSelectionSetup, withIds, chosen } from './userSelection.setup'

export type { Selected, UserSelectionContext, UserSelectionEvent } from './userSelection.setup'

/**
 * The rows picked in the Users list for a bulk action (docs/console-users.md): one at a time, a
 * range with shift, or every user matching the filters; kept across scrolling and paging, and
 * pruned of users that leave the list.
 */
export const userSelectionMachine = userSelectionSetup.createMachine({
  id: 'userSelection',
  description: 'The users picked in the Users list for a bulk action.',
  context: ({ input }) => ({ list: input.list, selected: {}, count: 0, anchor: null }),
  initial: 'none',
  states: {
    none: {
      description: 'Nothing is selected; the selection bar is hidden.',
      on: {
        'selection.toggle': {
          target: 'some',
          actions: 'toggle',
          description: "A row's checkbox was checked.",
        },
        'selection.range': {
          target: 'some',
          actions: 'selectRange',
          description:
            'A checkbox was shift-clicked with no row checked before: that row is selected.',
        },
      },
    },
    some: {
      description: "Some users are selected; the bar says 'N selected' and offers the actions.",
      tags: ['selected'],
      invoke: {
        id: 'watchMatching',
        src: 'watchMatching',
        input: ({ context }) => ({ list: context.list }),
      },
      on: {
        'selection.toggle': [
          {
            guard: 'isOnlySelected',
            target: 'none',
            actions: 'clear',
            description: 'The one selected row was unchecked: nothing is selected.',
          },
          {
            actions: 'toggle',
            description: "Another row's checkbox was checked or unchecked.",
          },
        ],
        'selection.range': {
          actions: 'selectRange',
          description:
            'A checkbox was shift-clicked: every row from the last one clicked is selected.',
        },
        'selection.selectAll': {
          target: 'resolving',
          description: "'Select all N matching' was pressed.",
        },
        'selection.clear': {
          target: 'none',
          actions: 'clear',
          description: "'Clear selection' was pressed.",
        },
        'selection.listChanged': [
          {
            guard: 'keepsNone',
            target: 'none',
            actions: 'clear',
            description: 'The list changed and none of the selected users is in it any more.',
          },
          {
            actions: 'prune',
            description: 'The list changed: the selected users that left it were dropped.',
          },
        ],
      },
    },
    resolving: {
      description: 'Reads the ids of every user matching the filters from the cache.',
      tags: ['selected', 'busy'],
      invoke: {
        id: 'resolveAll',
        src: 'resolveAll',
        input: ({ context }) => ({ options: context.list.getSnapshot().context.options }),
        onDone: {
          target: 'some',
          description: 'Every matching user was selected.',
          actions: assign(({ event }) => chosen(withIds({}, event.output, true))),
        },
        // Only reached from 'some' (the bar shows once a row is checked), so a selection stays.
        onError: {
          target: 'some',
          description:
            'The matching users could not be read: a notice says so; the selection stays.',
          actions: 'notifySelectAllFailed',
        },
      },
    },
  },
})

export type UserSelectionActor = ActorRefFrom<typeof userSelectionMachine>
export type UserSelectionSnapshot = SnapshotFrom<typeof userSelectionMachine>
