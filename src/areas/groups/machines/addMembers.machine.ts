import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { addMembersSetup, CLEARED } from './addMembers.setup'

export type { AddMembersEvent, PickerMatch } from './addMembers.setup'

/**
 * 'Add members' of a group (users.access): a dialog whose box searches the console's cache of
 * users by name or email after a pause; the person ticks the users to add, then Add sends them
 * (a thousand a call) and the members list reads again.
 */
export const addMembersMachine = addMembersSetup.createMachine({
  id: 'addMembers',
  description: 'Picks users from the cache and adds them to a group.',
  context: ({ input }) => ({ groupId: input.groupId, ...CLEARED }),
  initial: 'closed',
  states: {
    closed: {
      description: "No dialog; 'Add members' opens it.",
      on: {
        'addMembers.open': {
          target: 'open',
          description: "'Add members' was pressed: the dialog opens with an empty box.",
          actions: assign(CLEARED),
        },
      },
    },
    open: {
      description: 'The search box, the users found, the users picked, Add and Cancel.',
      tags: ['open'],
      initial: 'empty',
      on: {
        'addMembers.type': [
          {
            guard: 'hasText',
            target: '.waiting',
            reenter: true,
            description: 'Something was typed: the search waits for a pause.',
            actions: 'keepText',
          },
          {
            target: '.empty',
            description: 'The box was emptied: no users are offered.',
            actions: [assign({ matches: [], more: 0 }), 'keepText'],
          },
        ],
        'addMembers.toggle': {
          description: "A user's checkbox was ticked or cleared.",
          actions: 'toggle',
        },
        'addMembers.add': {
          guard: 'hasChosen',
          target: 'adding',
          description: 'Add was pressed with at least one user picked.',
        },
        'addMembers.cancel': {
          target: 'closed',
          description: 'Cancel was pressed (or Escape, or a click outside).',
        },
      },
      states: {
        empty: { description: "The box is empty: 'Type a name or an email'." },
        waiting: {
          description: "'Searching…' shows while typing goes on.",
          tags: ['searching'],
          after: {
            searchDebounce: {
              target: 'searching',
              description: 'Typing paused: the cache is searched.',
            },
          },
        },
        searching: {
          description: "'Searching…' shows; a newer keystroke abandons this search.",
          tags: ['searching'],
          invoke: {
            id: 'searchUsers',
            src: 'searchUsers',
            input: ({ context }) => ({ text: context.text.trim() }),
            onDone: {
              target: 'found',
              description: "The users found show, each with a checkbox ('No users match' if none).",
              actions: assign(({ event }) => ({
                matches: event.output.matches,
                more: event.output.count - event.output.matches.length,
                error: null,
              })),
            },
            onError: {
              target: 'searchFailed',
              description: 'The cache could not be searched.',
              actions: [assign({ matches: [], more: 0 }), 'recordError'],
            },
          },
        },
        found: { description: 'The users found, each with a checkbox; how many more match.' },
        searchFailed: {
          description: 'Why the search failed; typing again searches again.',
          tags: ['error'],
        },
      },
    },
    adding: {
      description: 'The server adds the users picked; the dialog waits.',
      tags: ['open', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'addChosen',
        src: 'addChosen',
        input: ({ context }) => ({
          groupId: context.groupId,
          ids: context.chosen.map((match) => match.id),
        }),
        onDone: {
          target: 'closed',
          description:
            "Added: the dialog closes, the members read again, a notice says 'Added 2 users to …' and another what was refused.",
          actions: [
            assign({ results: ({ event }) => event.output }),
            'tellMembers',
            'notifyAdded',
            'notifyRefused',
          ],
        },
        onError: {
          target: 'failed',
          description: 'The call failed: the dialog and a notice say why.',
          actions: ['recordError', 'notifyNotAdded'],
        },
      },
    },
    failed: {
      description: 'The call failed: the picked users stay, the message shows, Add again.',
      tags: ['open', 'error'],
      on: {
        'addMembers.add': { target: 'adding', description: 'Add was pressed again.' },
        'addMembers.cancel': {
          target: 'closed',
          description: 'Cancel was pressed: nobody is added.',
        },
      },
    },
  },
})

export type AddMembersActor = ActorRefFrom<typeof addMembersMachine>
export type AddMembersSnapshot = SnapshotFrom<typeof addMembersMachine>
