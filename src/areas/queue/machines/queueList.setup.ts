/**
 * The Queue chart's vocabulary and effects: its context, events and input, and the one `setup`
 * (actors, guards, actions) its state files build on (queueList.machine.ts).
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { AttentionResults, QueueMessage, QueueResults } from '../../../../schema/queue'
import type { BulkResults } from '../../../../schema/users'
import { queueAction, readAttention, readQueue, type QueueFilter } from '../../../data/api/queue'
import { bulkAction, userAction } from '../../../data/api/users'
import { listenForTopics } from '../../../data/sync/topics'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { doneNotice, failedNotice, type QueueRequest } from './queueList.messages'
import { notify } from '../../../kit/machines/system'

export type { QueueFilter } from '../../../data/api/queue'
export type { QueueRequest } from './queueList.messages'

type QueueContext = {
  filter: QueueFilter
  /** Newest first, as the pages came. */
  messages: QueueMessage[]
  /** Where the next (older) page starts; null when there is none. */
  cursor: string | null
  attention: AttentionResults
  /** The locked accounts checked in Needs staff (ids), for 'Unlock N accounts'. */
  selected: string[]
  /** Why the last read failed, in words. */
  error: string | null
  /** The action asked for (its dialog) or being done. */
  request: QueueRequest | null
  /** Why the last action failed (its notice says so). */
  actionError: string | null
  /** The outbox changed while a dialog, an action or 'Load older' ran: read again after it. */
  missed: boolean
}

export type QueueEvent =
  | { type: 'queue.filter'; filter: Partial<QueueFilter> }
  | { type: 'queue.reload' }
  | { type: 'queue.loadMore' }
  | { type: 'queue.changed' }
  | { type: 'queue.request'; request: QueueRequest }
  /** Locked accounts checked (selected) or unchecked: one row, or every row at once. */
  | { type: 'queue.select'; ids: string[]; selected: boolean }
  | { type: 'queue.confirm' }
  | { type: 'queue.dismiss' }

export type QueueInput = { filter?: Partial<QueueFilter> }

/** The first page and what needs staff, read together. */
export type QueueRead = { page: QueueResults; attention: AttentionResults }

/** Outbox changes are told at most this often (a burst of sign-ins queues a burst of codes). */
export const QUEUE_DEBOUNCE_MS = 1000

/**
 * Does what was asked. Unlocking the checked accounts is one bulk call (POST /v1/users/unlock,
 * users.write, checked by the server), whose answer says what was done and what was refused.
 */
async function perform(request: QueueRequest, signal: AbortSignal): Promise<BulkResults | null> {
  if (request.action === 'unlockSelected')
    return bulkAction(
      'unlock',
      request.accounts.map((account) => account.id),
      { signal },
    )
  if (request.action === 'unlock') await userAction(request.account.id, 'unlock', { signal })
  else await queueAction(request.message.id, request.action, { signal })
  return null
}

/** The chart's implementations; each state file passes its states through `createStateConfig`. */
export const queueListSetup = setup({
  types: {
    context: {} as QueueContext,
    events: {} as QueueEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the input's type
    input: {} as QueueInput,
  },
  actors: {
    loadQueue: fromPromise<QueueRead, { filter: QueueFilter }>(async ({ input, signal }) => {
      const [page, attention] = await Promise.all([
        readQueue(input.filter, null, { signal }),
        readAttention({ signal }),
      ])
      return { page, attention }
    }),
    loadMore: fromPromise<QueueResults, { filter: QueueFilter; before: string | null }>(
      ({ input, signal }) => readQueue(input.filter, input.before, { signal }),
    ),
    act: fromPromise<BulkResults | null, { request: QueueRequest }>(({ input, signal }) =>
      perform(input.request, signal),
    ),
    listen: fromCallback<QueueEvent>(({ sendBack }) =>
      listenForTopics(['outbox'], () => sendBack({ type: 'queue.changed' }), QUEUE_DEBOUNCE_MS),
    ),
  },
  guards: {
    hasMore: ({ context }) => context.cursor !== null,
    missedChange: ({ context }) => context.missed,
    asksFirst: (_, params: { request: QueueRequest }) => params.request.action !== 'retry',
  },
  actions: {
    showRead: assign(({ context, event }) => {
      const { page, attention } = (event as unknown as { output: QueueRead }).output
      // Accounts unlocked meanwhile (here or elsewhere) leave the selection with their rows.
      const stillLocked = new Set(attention.locked.map((account) => account.id))
      return {
        messages: page.messages,
        cursor: page.cursor,
        attention,
        selected: context.selected.filter((id) => stillLocked.has(id)),
        error: null,
      }
    }),
    select: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'queue.select') return context.selected
        const others = context.selected.filter((id) => !event.ids.includes(id))
        return event.selected ? [...others, ...event.ids] : others
      },
    }),
    /** After 'Unlock N accounts' the checks go; a single action leaves them. */
    clearUnlocked: assign({
      selected: ({ context }) =>
        context.request?.action === 'unlockSelected' ? [] : context.selected,
    }),
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    setFilter: assign({
      filter: ({ context, event }) =>
        event.type === 'queue.filter' ? { ...context.filter, ...event.filter } : context.filter,
    }),
    markMissed: assign({ missed: true }),
    setRequest: assign({
      request: ({ event }) => (event.type === 'queue.request' ? event.request : null),
    }),
    notifyDone: notify(({ context, event }: { context: QueueContext; event: QueueEvent }) =>
      context.request
        ? doneNotice(
            context.request,
            (event as unknown as { output?: BulkResults | null }).output ?? null,
          )
        : null,
    ),
    recordActionError: assign({
      actionError: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    notifyFailed: notify(({ context }: { context: QueueContext }) =>
      context.request ? failedNotice(context.request, context.actionError) : null,
    ),
  },
})
