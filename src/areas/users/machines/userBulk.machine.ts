import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate'
import type { BulkAction, BulkResults } from '../../../../schema/users'
import { bulkAction } from '../../../data/api/users'
import { notify, SYSTEM_ID } from '../../../kit/machines/system'
import {
  bulkDoneNotice,
  bulkFailedNotice,
  bulkFailureText,
  bulkRefusedNotice,
} from './userBulk.messages'

export type UserBulkContext = {
  action: BulkAction | null
  ids: readonly string[]
  /** How many ids the server has been sent so far (the progress). */
  sent: number
  /** Why the last run failed, in words for the dialog. */
  error: string | null
  /** What the last run did and refused. */
  results: BulkResults | null
}

export type UserBulkEvent =
  | { type: 'bulk.choose'; action: BulkAction; ids: readonly string[] }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'bulk.progress'; sent: number }

type RunInput = { action: BulkAction; ids: readonly string[]; onProgress: (sent: number) => void }

/** The server call: sends the ids BULK_MAX at a time, reporting how many went. */
export const runBulk = fromPromise<BulkResults, RunInput>(({ input, signal }) =>
  bulkAction(input.action, input.ids, { signal, onProgress: input.onProgress }),
)

type Args = { context: UserBulkContext }
const NONE: BulkResults = { done: [], refused: [] }

/**
 * A bulk action over the selected users (docs/console-users.md): choose it, confirm a dialog that
 * names the count, run it with progress, then a notice of what was done and what was refused.
 */
export const userBulkMachine = setup({
  types: {
    context: {} as UserBulkContext,
    events: {} as UserBulkEvent,
  },
  actors: { runBulk },
  actions: {
    // The sync pulls the users at once instead of waiting for the change notice.
    pullUsers: enqueueActions(({ system, enqueue }) => {
      const sync = system.get(SYSTEM_ID.sync) as AnyActorRef | undefined
      if (sync) enqueue.sendTo(sync, { type: 'sync.changed', collections: ['users'] })
    }),
    notifyDone: notify(({ context }: Args) =>
      context.action ? bulkDoneNotice(context.action, context.results ?? NONE) : null,
    ),
    notifyRefused: notify(({ context }: Args) => bulkRefusedNotice(context.results ?? NONE)),
    notifyFailed: notify(({ context }: Args) =>
      context.action ? bulkFailedNotice(context.action, context.error ?? '') : null,
    ),
  },
}).createMachine({
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
