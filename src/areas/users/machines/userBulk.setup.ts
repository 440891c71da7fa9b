import { enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate'
import type { BulkAction, BulkResults } from '../../../../schema/users'
import { bulkAction } from '../../../data/api/users'
import { notify, SYSTEM_ID } from '../../../kit/machines/system'
import { bulkDoneNotice, bulkFailedNotice, bulkRefusedNotice } from './userBulk.messages'

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

/* The bulk action's context, events, effect and actions; userBulk.machine.ts draws the chart. */
export const userBulkSetup = setup({
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
})
