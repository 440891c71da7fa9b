import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate'
import { createTestModel } from 'xstate/graph'
import { defaultListOptions, type ListOptions } from '../../src/data/lists/options'
import type { ListRow } from '../../src/data/lists/filter'
import type { Page } from '../../src/data/lists/readPage'
import type { FirstPage } from '../../src/data/lists/readFirstPage'
import {
  listMachine,
  type ListActor,
  type ListEvent,
  type ListSnapshot,
} from '../../src/machines/list.machine'
import { Latest } from '../setup/gate'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'
import { withDelaysAsEvents } from '../../src/flows/withDelaysAsEvents'

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
const failure = new Error('The cache could not be read.')
const saved: ListOptions = {
  ...defaultListOptions('sessions'),
  filters: { ...defaultListOptions('sessions').filters, text: 'ada' },
}

const events = [
  { type: 'xstate.done.actor.restoreOptions', output: saved },
  { type: 'xstate.error.actor.restoreOptions', error: failure },
  { type: 'xstate.done.actor.loadFirstPage', output: firstFull },
  { type: 'xstate.done.actor.loadFirstPage', output: firstShort },
  { type: 'xstate.error.actor.loadFirstPage', error: failure },
  { type: 'xstate.done.actor.refreshPages', output: firstFull },
  { type: 'xstate.error.actor.refreshPages', error: failure },
  { type: 'xstate.done.actor.loadNextPage', output: nextFull },
  { type: 'xstate.done.actor.loadNextPage', output: nextLast },
  { type: 'xstate.error.actor.loadNextPage', error: failure },
  { type: 'xstate.error.actor.watchChanges', error: failure },
  { type: 'xstate.after.searchDebounce.list.active.searching' },
  { type: 'list.nearEnd' },
  { type: 'list.changed' },
  { type: 'list.searchChanged', value: ' lovelace ' },
  { type: 'list.searchChanged', value: 'ada ' },
  { type: 'list.sortChanged', sort: { field: 'expires', direction: 'asc' } },
  { type: 'list.filtersChanged', filters: { userId: 'u-1' } },
  { type: 'list.retry' },
] as unknown as ListEvent[]

const label = (event: EventObject & { output?: Partial<Page>; value?: string }) =>
  `${event.type}${event.value ?? ''}${event.output?.rows ? `(${event.output.rows.length})` : ''}`

const testMachine = asTestMachine(withDelaysAsEvents(listMachine))
const model = createTestModel(testMachine, {
  input: { type: 'sessions' },
  events,
  // The state, the guard inputs, and the step that led here: every transition becomes a target.
  serializeState: (
    snapshot: AnyMachineSnapshot,
    event: EventObject | undefined,
    previous?: AnyMachineSnapshot,
  ) => {
    const {
      done,
      last,
      error,
      searchText,
      options,
      rows: shown,
    } = snapshot.context as {
      done: boolean
      last: unknown
      error: unknown
      searchText: string
      options: ListOptions
      rows: unknown[]
    }
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
} as never)
const paths = model.getShortestPaths()

type Step = { event: EventObject & { output?: unknown; error?: unknown } }

function drive() {
  const restore = new Latest<ListOptions>()
  const first = new Latest<FirstPage>()
  const next = new Latest<Page>()
  const persisted: ListOptions[] = []
  let changed: (() => void) | undefined
  const actor: ListActor = createActor(
    listMachine.provide({
      actors: {
        restoreOptions: fromPromise(({ input }) => restore.wait(input)),
        loadFirstPage: fromPromise(({ input }) => first.wait(input)),
        loadNextPage: fromPromise(({ input }) => next.wait(input)),
        watchChanges: fromCallback(({ sendBack }) => {
          changed = () => sendBack({ type: 'list.changed' })
        }),
      },
      actions: { persistOptions: ({ context }) => void persisted.push(context.options) },
    }),
    { input: { type: 'sessions' } },
  ).start()
  const settle = () => vi.advanceTimersByTimeAsync(0)
  const send = async (event: EventObject) => {
    actor.send(event as ListEvent)
    await settle()
  }
  const snapshot = () => actor.getSnapshot()
  // What the cache has handed over so far: the rows the list must show, and its record count.
  const shown = { rows: 0, count: 0 }
  const showsRows = () => expect(snapshot().context.rows).toHaveLength(shown.rows)

  return {
    states: {
      '#list.restoring': () => expect(snapshot().hasTag('busy')).toBe(true),
      '#list.active.loading': () => {
        expect(snapshot().hasTag('busy')).toBe(true)
        expect(first.inputs.at(-1)).toMatchObject({
          type: 'sessions',
          limit: 50,
          options: snapshot().context.options,
        })
      },
      '#list.active.ready.idle': () => {
        expect(snapshot().hasTag('busy')).toBe(false)
        showsRows()
        expect(snapshot().context.count).toBe(shown.count)
      },
      '#list.active.ready.loadingMore': () => {
        expect(snapshot().hasTag('busy')).toBe(true)
        expect(next.inputs.at(-1)).toMatchObject({ after: snapshot().context.last })
      },
      '#list.active.refreshing': () => {
        // The rows stay on screen while the refresh reads at least as many again.
        showsRows()
        expect((first.inputs.at(-1) as { limit: number }).limit).toBeGreaterThanOrEqual(shown.rows)
      },
      '#list.active.searching': (model: ListSnapshot) => {
        showsRows()
        expect(snapshot().context.searchText).toBe(model.context.searchText)
      },
      '#list.active.failed': () => {
        expect(snapshot().hasTag('error')).toBe(true)
        expect(snapshot().context.error).toBe(failure)
      },
      '*': (model: AnyMachineSnapshot) => expect(snapshot().value).toEqual(model.value),
    },
    events: {
      'xstate.done.actor.restoreOptions': async ({ event }: Step) => {
        restore.resolve(event.output as ListOptions)
        await settle()
        expect(snapshot().context.searchText).toBe('ada')
      },
      'xstate.error.actor.restoreOptions': async ({ event }: Step) => {
        restore.reject(event.error)
        await settle()
      },
      'xstate.done.actor.loadFirstPage': async ({ event }: Step) => {
        const page = event.output as FirstPage
        first.resolve(page)
        Object.assign(shown, { rows: page.rows.length, count: page.count })
        await settle()
      },
      'xstate.error.actor.loadFirstPage': async ({ event }: Step) => {
        first.reject(event.error)
        await settle()
      },
      'xstate.done.actor.refreshPages': async ({ event }: Step) => {
        const page = event.output as FirstPage
        first.resolve(page)
        Object.assign(shown, { rows: page.rows.length, count: page.count })
        await settle()
      },
      'xstate.error.actor.refreshPages': async ({ event }: Step) => {
        first.reject(event.error)
        await settle()
      },
      'xstate.done.actor.loadNextPage': async ({ event }: Step) => {
        next.resolve(event.output as Page)
        shown.rows += (event.output as Page).rows.length
        await settle()
      },
      'xstate.error.actor.loadNextPage': async ({ event }: Step) => {
        next.reject(event.error)
        await settle()
      },
      // A watch cannot fail once started; the failure of its start is sent as the chart would get it.
      'xstate.error.actor.watchChanges': ({ event }: Step) => send(event),
      'xstate.after.searchDebounce.list.active.searching': async () => {
        const before = persisted.length
        await vi.advanceTimersByTimeAsync(99)
        expect(snapshot().matches({ active: 'searching' })).toBe(true)
        await vi.advanceTimersByTimeAsync(1)
        if (snapshot().matches({ active: 'loading' })) {
          expect(snapshot().context.options.filters.text).toBe(snapshot().context.searchText.trim())
          expect(persisted).toHaveLength(before + 1)
        }
      },
      'list.changed': async () => {
        changed?.()
        await settle()
      },
      'list.nearEnd': ({ event }: Step) => send(event),
      'list.searchChanged': ({ event }: Step) => send(event),
      'list.sortChanged': async ({ event }: Step) => {
        await send(event)
        expect(persisted.at(-1)?.sort).toEqual({ field: 'expires', direction: 'asc' })
      },
      'list.filtersChanged': async ({ event }: Step) => {
        await send(event)
        expect(persisted.at(-1)?.filters.userId).toBe('u-1')
      },
      'list.retry': ({ event }: Step) => send(event),
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('list statechart', () => {
  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await path.test(drive())
    })
  }
})
