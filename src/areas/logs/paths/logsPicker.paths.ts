import {
  logsPickerMachine,
  type LogsPickerEvent,
  type LogsPickerSnapshot,
  type PickerMatch,
} from '../machines/logsPicker.machine'
import { coveringPaths } from '../../../flows/covering'
import { definePaths } from '../../../flows/model'
import { typed } from '../../../kit/paths/typed'

/** Two people whose names hold 'ada', as the cache's search finds them (by last name). */
export const adaMatches: PickerMatch[] = [
  {
    id: '0190a000-0000-7000-8000-0000000000a1',
    name: 'Ada Lovelace',
    detail: 'ada@example.com',
    deleted: false,
  },
  {
    id: '0190a000-0000-7000-8000-0000000000a2',
    name: 'Adam Smith',
    detail: 'adam@example.com',
    deleted: false,
  },
]
/** The id a link put in the URL (the Users detail's 'Show in Logs'). */
export const linkedId = '0190a000-0000-7000-8000-0000000000b0'
export const linkedName = 'Bob Stone'
export const searchFailure = new Error('The database is closed.')

const input = { kind: 'user' as const }

const events = [
  { type: 'picker.typed', text: 'ada' },
  { type: 'picker.typed', text: '' },
  { type: 'picker.open' },
  { type: 'picker.close' },
  { type: 'picker.move', by: 1 },
  { type: 'picker.highlight', index: 1 },
  { type: 'picker.choose', match: adaMatches[1] },
  ...typed('picker.valueChanged', linkedId, null),
  { type: 'picker.named', name: linkedName },
  { type: 'picker.named', name: null },
  { type: 'xstate.after.searchDebounce.logsPicker.search.open.waiting' },
  { type: 'xstate.done.actor.findMatches', output: { matches: adaMatches, count: 14 } },
  { type: 'xstate.done.actor.findMatches', output: { matches: [], count: 0 } },
  { type: 'xstate.error.actor.findMatches', error: searchFailure },
] as unknown as LogsPickerEvent[]

/** What the box, its list and the filter's chip show. */
function shows(s: LogsPickerSnapshot): string {
  const { text, matches, more, active, value, name } = s.context
  const parts = [text ? `The User box holds “${text}”` : 'The User box is empty']
  if (s.hasTag('busy')) parts.push("the list reads 'Searching…'")
  if (s.matches({ search: { open: 'results' } }))
    parts.push(
      `the list offers ${matches.map((m) => m.name).join(', ')}, “${matches[active]?.name}” highlighted; '${more} more: keep typing to narrow'`,
    )
  if (s.matches({ search: { open: 'noMatches' } })) parts.push("the list reads 'No matches'")
  if (s.hasTag('error')) parts.push('the list says the users could not be searched')
  if (value) parts.push(`the chip reads 'User ${name ?? `${value.slice(0, 8)}…`}'`)
  else parts.push('no user chip')
  return parts.join('; ')
}

const facts = (s: LogsPickerSnapshot) => {
  const { text, active, value, name } = s.context
  return JSON.stringify([s.value, text, active, value, name])
}

const serialize = (
  s: LogsPickerSnapshot,
  event: LogsPickerEvent | undefined,
  previous: LogsPickerSnapshot | undefined,
) => {
  const key = facts(s)
  // The way in counts (each transition is then some shortest path's last step), not only the place.
  return event && previous && facts(previous) !== key
    ? `${key} via ${event.type} from ${JSON.stringify(previous.value)}`
    : key
}

export const logsPickerPaths = definePaths({
  name: 'The User picker of Logs',
  machine: logsPickerMachine,
  input,
  events,
  serializeState: serialize,
  // The two regions multiply the shortest paths, and each path is driven through the real screen.
  select: (paths) => coveringPaths(logsPickerMachine, input, paths),
  shows,
  detail: (event) => {
    if (event.type === 'picker.typed') return event.text ? `“${event.text}”` : 'empty'
    if (event.type === 'picker.choose') return `“${event.match.name}”`
    if (event.type === 'picker.named') return event.name ? `“${event.name}”` : '(none)'
    if (event.type === 'picker.valueChanged') return event.value ? 'another id' : '(none)'
    return undefined
  },
})

export const models = [logsPickerPaths]
