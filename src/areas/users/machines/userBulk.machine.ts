import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { userBulkSetup } from './userBulk.setup'

export type { UserBulkContext, UserBulkEvent } from './userBulk.setup'
export { groupNameOf, runBulk } from './userBulk.setup'
export { isGroupAction, type GroupAction, type UserBulkAction } from './userBulk.actions'

/**
 * A bulk action over the selected users (docs/console-users.md): choose it, confirm a dialog that
 * names the count, run it with progress, then a notice of what was done and what was refused. The
 * group actions (add to, remove from a group) read the groups first and ask which one.
 */
export const userBulkMachine = userBulkSetup.createMachine({
  id: 'userBulk',
  description: 'A bulk action over the users selected in the Users list.',
  context: {
    action: null,
    ids: [],
    sent: 0,
    error: null,
    results: null,
    groups: null,
    groupId: null,
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'No dialog; the selection bar offers the actions.',
      on: {
        'bulk.choose': [
          {
            guard: 'isGroupChoice',
            target: 'readingGroups',
            actions: 'choose',
            description: "'Add to group' or 'Remove from group' was pressed: the groups are read.",
          },
          {
            target: 'confirming',
            actions: 'choose',
            description: "An action of the selection bar was pressed (e.g. 'Lock').",
          },
        ],
      },
    },
    readingGroups: {
      description: 'The dialog opens while the groups to choose from are read.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'readGroups',
        src: 'readGroups',
        onDone: {
          target: 'confirming',
          description: 'The groups came: the dialog offers them.',
          actions: assign({ groups: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          description: 'The groups could not be read: the dialog says why and offers Try again.',
          actions: 'recordError',
        },
      },
      on: {
        'bulk.cancel': {
          target: 'idle',
          description: 'Cancel was pressed while the groups were read.',
        },
      },
    },
    confirming: {
      description:
        "The dialog names the action and the count: 'Lock 3 users?' with Cancel; a group action also asks which group.",
      tags: ['open'],
      on: {
        'bulk.pickGroup': {
          description: 'A group was chosen.',
          actions: assign({ groupId: ({ event }) => event.groupId }),
        },
        'bulk.confirm': {
          guard: 'isReady',
          target: 'running',
          description: "The action's button was pressed (a group action's once a group is chosen).",
        },
        'bulk.cancel': {
          target: 'idle',
          description: 'Cancel was pressed (or Escape, or a click outside).',
        },
      },
    },
    running: {
      description: 'The server acts on the users, a thousand at a time; the dialog shows progress.',
      tags: ['open', 'busy'],
      entry: assign({ sent: 0, error: null }),
      invoke: {
        id: 'runBulk',
        src: 'runBulk',
        input: ({ context, self }) => ({
          action: context.action ?? 'lock',
          ids: context.ids,
          groupId: context.groupId,
          onProgress: (sent: number) => self.send({ type: 'bulk.progress', sent }),
        }),
        onDone: {
          target: 'idle',
          description:
            "The server answered: a notice says what was done ('Locked 3 users.') and another what was refused and why.",
          actions: [
            assign({ results: ({ event }) => event.output }),
            'pullUsers',
            'notifyDone',
            'notifyRefused',
          ],
        },
        onError: {
          target: 'failed',
          description: 'The call failed: the dialog and a notice say why.',
          actions: ['recordError', 'notifyFailed'],
        },
      },
      on: {
        'bulk.progress': {
          actions: assign({ sent: ({ event }) => event.sent }),
          description: 'A thousand more ids were sent.',
        },
      },
    },
    failed: {
      description: 'The call failed; the dialog says why and offers the action again.',
      tags: ['open', 'error'],
      on: {
        'bulk.confirm': [
          {
            guard: 'lacksGroups',
            target: 'readingGroups',
            description: 'Try again was pressed: the groups are read again.',
          },
          {
            target: 'running',
            description: "The action's button was pressed again.",
          },
        ],
        'bulk.cancel': { target: 'idle', description: 'Cancel was pressed: the person gave up.' },
      },
    },
  },
})

export type UserBulkActor = ActorRefFrom<typeof userBulkMachine>
export type UserBulkSnapshot = SnapshotFrom<typeof userBulkMachine>
