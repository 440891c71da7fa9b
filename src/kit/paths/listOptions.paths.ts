import { createActor } from 'xstate'
import { defaultListOptions, type ListOptions } from '../../data/lists/options'
import { listMachine } from '../machines/list.machine'
import {
  listOptionsMachine,
  type ListOptionsEvent,
  type ListOptionsSnapshot,
} from '../machines/listOptions.machine'
import { definePaths } from '../../flows/model'

const defaults = defaultListOptions('services')
// Two options changed, so that a reset takes two steps (the sort, then Show Deleted).
const changedTwice: ListOptions = {
  ...defaults,
  sort: { ...defaults.sort, direction: defaults.sort.direction === 'asc' ? 'desc' : 'asc' },
  filters: { ...defaults.filters, showDeleted: true },
}

// `value` names the step in the model test's titles; the chart reads `options`.
const events = [
  { type: 'options.listed', options: defaults, value: 'defaults' },
  { type: 'options.listed', options: changedTwice, value: 'changed' },
  { type: 'options.reset' },
] as unknown as ListOptionsEvent[]

// The chart reads the list's type, and asks the list to reset. This list never starts: what it
// applies, the paths say themselves (options.listed), and what it is asked waits unread.
const list = createActor(listMachine, { input: { type: 'services' } })

// The badge's number depends on what the list applied; the model says only whether there is one.
function shows(s: ListOptionsSnapshot): string {
  return [
    s.hasTag('changed')
      ? "'Hide Filters' with a badge counting the changed options"
      : "'Hide Filters' with no badge",
    s.can({ type: 'options.reset' }) ? 'Reset Filters is on' : 'Reset Filters is off',
  ].join('; ')
}

export const listOptionsPaths = definePaths({
  name: 'The Services filters',
  machine: listOptionsMachine,
  events,
  input: { list },
  // With every option at its default the list has nothing new to apply (the chart does not listen).
  filterEvents: (snapshot, event) =>
    !(
      snapshot.matches('defaults') &&
      event.type === 'options.listed' &&
      (event as { value?: string }).value === 'defaults'
    ),
  // The state, its count, the step that led to it and whence: every transition becomes a target.
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.changed,
      event?.type,
      (event as { value?: unknown } | undefined)?.value,
      previous?.value ?? null,
    ]),
  shows,
  // The transitions say what the list applied; `value` only names the test.
  detail: () => undefined,
})

export const models = [listOptionsPaths]
