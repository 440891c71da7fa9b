import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { matchingIds } from '../../../data/lists/matching'
import type { ListOptions } from '../../../data/lists/options'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'
import { notify } from '../../../kit/machines/system'
import { selectAllFailedNotice } from './userSelection.messages'

/** The selected ids as a set (an object, so that the context stays plain data). */
export type Selected = Record<string, true>

export type UserSelectionContext = {
  list: ListActor
  selected: Selected
  count: number
  /** The last row checked or unchecked by itself: where a shift-click's range starts. */
  anchor: string | null
}

export type UserSelectionEvent =
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.range'; id: string }
  | { type: 'selection.selectAll' }
  | { type: 'selection.clear' }
  | { type: 'selection.listChanged'; ids: readonly string[] }

export const withIds = (selected: Selected, ids: readonly string[], on: boolean): Selected => {
  const next = { ...selected }
  for (const id of ids) {
    if (on) next[id] = true
    else delete next[id]
  }
  return next
}
export const chosen = (selected: Selected) => ({ selected, count: Object.keys(selected).length })

/** The ids from the anchor to `id` among the loaded rows (both included), or just `id`. */
function rangeIds(list: ListActor, anchor: string | null, id: string): string[] {
  const rows = list.getSnapshot().context.rows
  const to = rows.findIndex((row) => row.id === id)
  const from = anchor === null ? -1 : rows.findIndex((row) => row.id === anchor)
  if (to < 0 || from < 0) return [id]
  const [start, end] = from <= to ? [from, to] : [to, from]
  return rows.slice(start, end + 1).map((row) => row.id)
}

/** Resolves the ids of every row under the list's current filters and search, from the cache. */
export const resolveAll = fromPromise<string[], { options: ListOptions }>(({ input }) =>
  matchingIds('users', input.options),
)

/**
 * Sends 'selection.listChanged' with the ids the list now holds whenever its filters, search or
 * record count change (a sync batch, a bulk action, another filter), so that the selection drops
 * the users that left it.
 */
export const watchMatching = fromCallback<UserSelectionEvent, { list: ListActor }>(
  ({ input, sendBack }) => {
    let seen = input.list.getSnapshot()
    let generation = 0
    const check = (snapshot: ListSnapshot) => {
      if (snapshot.hasTag('busy') || snapshot.hasTag('error')) return
      const { options, count } = snapshot.context
      if (options === seen.context.options && count === seen.context.count) return
      seen = snapshot
      const mine = ++generation
      void matchingIds('users', options).then(
        (ids) => mine === generation && sendBack({ type: 'selection.listChanged', ids }),
        // An unreadable cache shows the list's own error; the selection stays as it is.
        () => undefined,
      )
    }
    const subscription = input.list.subscribe(check)
    return () => {
      generation = -1
      subscription.unsubscribe()
    }
  },
)

/* The selection's context, events, effects, guards and actions; userSelection.machine.ts draws
 * the chart. */
export const userSelectionSetup = setup({
  types: {
    context: {} as UserSelectionContext,
    events: {} as UserSelectionEvent,
    input: {} as { list: ListActor },
  },
  actors: { resolveAll, watchMatching },
  guards: {
    isOnlySelected: ({ context, event }) =>
      event.type === 'selection.toggle' &&
      context.count === 1 &&
      context.selected[event.id] === true,
    keepsNone: ({ context, event }) =>
      event.type === 'selection.listChanged' &&
      !event.ids.some((id) => context.selected[id] === true),
  },
  actions: {
    toggle: assign(({ context, event }) => {
      if (event.type !== 'selection.toggle') return {}
      const on = context.selected[event.id] !== true
      return { ...chosen(withIds(context.selected, [event.id], on)), anchor: event.id }
    }),
    selectRange: assign(({ context, event }) => {
      if (event.type !== 'selection.range') return {}
      const ids = rangeIds(context.list, context.anchor, event.id)
      return { ...chosen(withIds(context.selected, ids, true)), anchor: event.id }
    }),
    prune: assign(({ context, event }) => {
      if (event.type !== 'selection.listChanged') return {}
      const kept: Selected = {}
      for (const id of event.ids) if (context.selected[id]) kept[id] = true
      return chosen(kept)
    }),
    clear: assign({ selected: {}, count: 0, anchor: null }),
    notifySelectAllFailed: notify(selectAllFailedNotice),
  },
})
