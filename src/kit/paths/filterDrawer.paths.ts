import {
  filterDrawerMachine,
  type FilterDrawerEvent,
  type FilterDrawerSnapshot,
} from '../machines/filterDrawer.machine'
import { definePaths } from '../../flows/model'

// `value` names the step in the model test's titles; the chart reads `output` and `distance`.
const events = [
  { type: 'xstate.done.actor.restoreOpen', output: true, value: 'open' },
  { type: 'xstate.done.actor.restoreOpen', output: false, value: 'closed' },
  { type: 'xstate.error.actor.restoreOpen', error: new Error('Storage is blocked.') },
  { type: 'drawer.toggle' },
  { type: 'drawer.close' },
  { type: 'drawer.swipe', distance: 51, value: 51 },
  { type: 'drawer.swipe', distance: 50, value: 50 },
] as unknown as FilterDrawerEvent[]

export const filterDrawerPaths = definePaths({
  name: 'Filter drawer on a phone',
  machine: filterDrawerMachine,
  events,
  // The state, the step that led to it and whence: every transition becomes a target of its own.
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      event?.type,
      (event as { value?: unknown } | undefined)?.value,
      previous?.value ?? null,
    ]),
  shows: (s: FilterDrawerSnapshot) => {
    if (s.matches('restoring')) return "'Show Filters' is off; no filters"
    if (s.matches('open')) return "'Hide Filters'; the filters sheet with its Close button"
    return "'Show Filters'; no filters"
  },
  detail: (event) => (event.type === 'drawer.swipe' ? `(${event.distance} px)` : undefined),
})

export const models = [filterDrawerPaths]
