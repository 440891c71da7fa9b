import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { groupsPageSetup } from './groupsPage.setup'

export type { GroupsPageContext, GroupsPageEvent } from './groupsPage.setup'

/**
 * The Groups screen's page machine (issue 31): the groups read from the server, the search over
 * them, the group whose members show, and its parts (the form, the delete confirmation, the
 * selected group's members) as children that tell it what they changed.
 */
export const groupsPageMachine = groupsPageSetup.createMachine({
  id: 'groupsPage',
  description: 'The Groups screen: the groups, the search, the selected group and its members.',
  context: ({ spawn }) => ({
    groups: [],
    text: '',
    selectedId: null,
    error: null,
    form: spawn('form', { id: 'form' }),
    remover: spawn('remover', { id: 'remover' }),
    members: null,
  }),
  initial: 'loading',
  on: {
    'groups.search': {
      description: 'The person typed in the search box: the list narrows.',
      actions: assign({ text: ({ event }) => event.text }),
    },
  },
  states: {
    loading: {
      description: "The groups are read; 'Loading groups…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'loadGroups',
        src: 'loadGroups',
        onDone: {
          target: 'ready',
          description: 'The groups came: the list shows them by name, with their member counts.',
          actions: assign({ groups: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          description: "The read failed: 'The groups could not be loaded', why, and Retry.",
          actions: 'recordError',
        },
      },
    },
    failed: {
      description: 'Why the groups could not be read, and Retry.',
      tags: ['error'],
      on: {
        'groups.retry': { target: 'loading', description: 'Retry was pressed.' },
      },
    },
    ready: {
      description: "The groups (or 'No groups yet'); a selected group's members beside them.",
      on: {
        'groups.select': {
          guard: 'isListed',
          description: 'A group was picked: its members are read.',
          actions: ['stopMembers', 'showMembers'],
        },
        'groups.saved': [
          {
            guard: 'isNew',
            description: 'A group was created: it is listed and selected, to add members.',
            actions: ['keepGroup', 'stopMembers', 'showMembers'],
          },
          {
            description: 'A group was renamed or its members changed: the list shows it so.',
            actions: 'keepGroup',
          },
        ],
        'groups.removed': [
          {
            guard: 'isSelected',
            description: 'The selected group was deleted: it leaves the list, and its members go.',
            actions: ['dropGroup', 'stopMembers', 'clearMembers'],
          },
          {
            description: 'A group was deleted: it leaves the list.',
            actions: 'dropGroup',
          },
        ],
      },
    },
  },
})

export type GroupsPageActor = ActorRefFrom<typeof groupsPageMachine>
export type GroupsPageSnapshot = SnapshotFrom<typeof groupsPageMachine>
