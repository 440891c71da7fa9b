import { assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate'
import type { Group } from '../../../../schema/access'
import type { BulkResults } from '../../../../schema/users'
import { addMembers, listGroups, removeMembers } from '../../../data/api/groups'
import { bulkAction } from '../../../data/api/users'
import { notify, SYSTEM_ID } from '../../../kit/machines/system'
import { isGroupAction, type UserBulkAction } from './userBulk.actions'
import {
  bulkDoneNotice,
  bulkFailedNotice,
  bulkFailureText,
  bulkRefusedNotice,
} from './userBulk.messages'

export type UserBulkContext = {
  action: UserBulkAction | null
  ids: readonly string[]
  /** How many ids the server has been sent so far (the progress). */
  sent: number
  /** Why the last run failed, in words for the dialog. */
  error: string | null
  /** What the last run did and refused. */
  results: BulkResults | null
  /** The groups to choose from (a group action), once read; null before. */
  groups: Group[] | null
  /** The group chosen for a group action. */
  groupId: string | null
}

export type UserBulkEvent =
  | { type: 'bulk.choose'; action: UserBulkAction; ids: readonly string[] }
  | { type: 'bulk.pickGroup'; groupId: string }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'bulk.progress'; sent: number }

type RunInput = {
  action: UserBulkAction
  ids: readonly string[]
  groupId: string | null
  onProgress: (sent: number) => void
}

/**
 * The server call: sends the ids a thousand at a time, reporting how many went. A group action
 * adds them to the group or takes them out; its `changed` are what was done.
 */
export const runBulk = fromPromise<BulkResults, RunInput>(async ({ input, signal }) => {
  const options = { signal, onProgress: input.onProgress }
  if (!isGroupAction(input.action)) return bulkAction(input.action, input.ids, options)
  const change = input.action === 'add-to-group' ? addMembers : removeMembers
  const results = await change(input.groupId ?? '', input.ids, options)
  return { done: results.changed, refused: results.refused }
})

/** The groups a group action offers. */
export const readGroups = fromPromise<Group[]>(({ signal }) => listGroups({ signal }))

type Args = { context: UserBulkContext }
const NONE: BulkResults = { done: [], refused: [] }

/** The chosen group's name, for the notices ('Added 2 users to Pharmacy staff.'). */
export const groupNameOf = (context: Pick<UserBulkContext, 'groups' | 'groupId'>) =>
  context.groups?.find((group) => group.id === context.groupId)?.name ?? 'the group'

/* The bulk action's context, events, effects and actions; userBulk.machine.ts draws the chart. */
export const userBulkSetup = setup({
  types: {
    context: {} as UserBulkContext,
    events: {} as UserBulkEvent,
  },
  actors: { runBulk, readGroups },
  guards: {
    isGroupChoice: ({ event }) => event.type === 'bulk.choose' && isGroupAction(event.action),
    // A group action runs once a group is chosen; the others at once.
    isReady: ({ context }) => !isGroupAction(context.action) || context.groupId !== null,
    lacksGroups: ({ context }) => isGroupAction(context.action) && context.groups === null,
  },
  actions: {
    choose: assign(({ event }) =>
      event.type === 'bulk.choose'
        ? {
            action: event.action,
            ids: event.ids,
            sent: 0,
            error: null,
            results: null,
            groups: null,
            groupId: null,
          }
        : {},
    ),
    recordError: assign({
      error: ({ event }) => bulkFailureText((event as { error?: unknown }).error),
    }),
    // The sync pulls the users at once instead of waiting for the change notice.
    pullUsers: enqueueActions(({ system, enqueue }) => {
      const sync = system.get(SYSTEM_ID.sync) as AnyActorRef | undefined
      if (sync) enqueue.sendTo(sync, { type: 'sync.changed', collections: ['users'] })
    }),
    notifyDone: notify(({ context }: Args) =>
      context.action
        ? bulkDoneNotice(context.action, context.results ?? NONE, groupNameOf(context))
        : null,
    ),
    notifyRefused: notify(({ context }: Args) => bulkRefusedNotice(context.results ?? NONE)),
    notifyFailed: notify(({ context }: Args) =>
      context.action ? bulkFailedNotice(context.action, context.error ?? '') : null,
    ),
  },
})
