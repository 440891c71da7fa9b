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
const withDeleted: ListOptions = {
  ...defaults,
  filters: { ...defaults.filters, showDeleted: true },
}

// `value` names the step in the model test's titles; the chart reads `options`.
const events = [
  { type: 'options.listed', options: defaults, value: 'defaults' },
  { type: 'options.listed', options: withDeleted, value: 'changed' },
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
