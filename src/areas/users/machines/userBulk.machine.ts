import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { bulkFailureText } from './userBulk.messages'
import { userBulkSetup } from './userBulk.setup'

export type { UserBulkContext, UserBulkEvent } from './userBulk.setup'
export { runBulk } from './userBulk.setup'

/**
 * A bulk action over the selected users (docs/console-users.md): choose it, confirm a dialog that
 * names the count, run it with progress, then a notice of what was done and what was refused.
 */
export const userBulkMachine = userBulkSetup.createMachine({
  id: 'userBulk',
  description: 'A bulk action over the users selected in the Users list.',
  context: { action: null, ids: [], sent: 0, error: null, results: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'No dialog; the selection bar offers the actions.',
      on: {
        'bulk.choose': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            action: event.action,
            ids: event.ids,
            sent: 0,
            error: null,
            results: null,
          })),
          description: "An action of the selection bar was pressed (e.g. 'Lock').",
        },
      },
    },
    confirming: {
      description: "The dialog names the action and the count: 'Lock 3 users?' with Cancel.",
      tags: ['open'],
      on: {
        'bulk.confirm': { target: 'running', description: "The action's button was pressed." },
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
          actions: [assign({ error: ({ event }) => bulkFailureText(event.error) }), 'notifyFailed'],
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
        'bulk.confirm': {
          target: 'running',
          description: "The action's button was pressed again.",
        },
        'bulk.cancel': { target: 'idle', description: 'Cancel was pressed: the person gave up.' },
      },
    },
  },
})

export type UserBulkActor = ActorRefFrom<typeof userBulkMachine>
export type UserBulkSnapshot = SnapshotFrom<typeof userBulkMachine>
