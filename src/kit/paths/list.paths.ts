import type { ListRow } from '../../data/lists/filter'
import { defaultListOptions, type ListOptions } from '../../data/lists/options'
import type { FirstPage } from '../../data/lists/readFirstPage'
import type { Page } from '../../data/lists/readPage'
import { listMachine, type ListEvent, type ListSnapshot } from '../machines/list.machine'
import { definePaths } from '../../flows/model'
import { typed } from './typed'

const rows = (from: number, count: number): ListRow[] =>
  Array.from({ length: count }, (_, n) => ({ id: `s-${from + n}`, expires: `2025-01-${from + n}` }))
const pageOf = (list: ListRow[], done: boolean): Page => {
  const last = list[list.length - 1]
  return { rows: list, last: last ? { value: String(last.expires), id: last.id } : null, done }
}
const firstFull: FirstPage = { ...pageOf(rows(0, 50), false), count: 120 }
const firstShort: FirstPage = { ...pageOf(rows(0, 3), true), count: 3 }
const nextFull = pageOf(rows(50, 50), false)
const nextLast = pageOf(rows(100, 20), true)
/** What a failed read of the cache hands the chart. */
export const cacheFailure = new Error('The cache could not be read.')
/** The Sessions list's kept options: a search for 'ada'. */
export const savedOptions: ListOptions = {
  ...defaultListOptions('sessions'),
  filters: { ...defaultListOptions('sessions').filters, text: 'ada' },
}

const events = [
  { type: 'xstate.done.actor.restoreOptions', output: savedOptions },
  { type: 'xstate.error.actor.restoreOptions', error: cacheFailure },
  { type: 'xstate.done.actor.loadFirstPage', output: firstFull },
  { type: 'xstate.done.actor.loadFirstPage', output: firstShort },
  { type: 'xstate.error.actor.loadFirstPage', error: cacheFailure },
  { type: 'xstate.done.actor.refreshPages', output: firstFull },
  { type: 'xstate.error.actor.refreshPages', error: cacheFailure },
  { type: 'xstate.done.actor.loadNextPage', output: nextFull },
  { type: 'xstate.done.actor.loadNextPage', output: nextLast },
  { type: 'xstate.error.actor.loadNextPage', error: cacheFailure },
  { type: 'xstate.error.actor.watchChanges', error: cacheFailure },
  { type: 'xstate.after.searchDebounce.list.active.searching' },
  { type: 'list.nearEnd' },
  { type: 'list.changed' },
  ...typed('list.searchChanged', ' lovelace ', 'ada '),
  { type: 'list.sortChanged', sort: { field: 'expires', direction: 'asc' } },
  { type: 'list.filtersChanged', filters: { userId: 'u-1' } },
  { type: 'list.retry' },
] as unknown as ListEvent[]

type Sent = { type: string; value?: string; output?: Partial<Page> }
const label = (event: Sent) =>
  `${event.type}${event.value ?? ''}${event.output?.rows ? `(${event.output.rows.length})` : ''}`

// As the Sessions screen reads the chart: the rows, the 'busy' and 'error' tags, the count.
function shows(s: ListSnapshot): string {
  const { rows: shown, count, searchText, options } = s.context
  const failed = s.hasTag('error')
  const searched = options.filters.text
  const body = failed
    ? 'the cache error with Try Again'
    : shown.length > 0
      ? `${shown.length} rows`
      : s.hasTag('busy')
        ? "'Loading sessions…'"
        : searched
          ? `'No sessions match “${searched}”.'`
          : "'There are no sessions.'"
  return [
    searchText ? `the search field holds “${searchText}”` : 'the search field is empty',
    body,
    `'Record Count: ${count}'`,
  ].join('; ')
}

export const listPaths = definePaths({
  name: 'The Sessions list',
  machine: listMachine,
  input: { type: 'sessions' },
  events,
  // The state, the guard inputs, and the step that led here: every transition becomes a target.
  serializeState: (snapshot, event, previous) => {
    const { done, last, error, searchText, options, rows: shown } = snapshot.context
    const guards = [
      done,
      last !== null,
      error !== null,
      searchText.trim() === options.filters.text,
      shown.length > 50,
    ]
    return JSON.stringify([
      snapshot.value,
      guards,
      event ? label(event) : null,
      previous?.value ?? null,
    ])
  },
  shows,
  detail: (event) => {
    const output = (event as Sent).output
    if (output?.rows) return `(${output.rows.length} rows)`
    if (event.type === 'list.searchChanged') return `“${event.value}”`
    if (event.type === 'list.sortChanged') return `(${event.sort.field}, ${event.sort.direction})`
    if (event.type === 'list.filtersChanged') return `(user ${event.filters.userId})`
    return undefined
  },
})

export const models = [listPaths]
