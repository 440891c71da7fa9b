import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate'
import type { ListOptions } from '../../../src/data/lists/options'
import type { Page } from '../../../src/data/lists/readPage'
import type { FirstPage } from '../../../src/data/lists/readFirstPage'
import { cacheFailure as failure, listPaths } from '../../../src/kit/paths/list.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  listMachine,
  type ListActor,
  type ListEvent,
  type ListSnapshot,
} from '../../../src/kit/machines/list.machine'
import { Latest } from '../../setup/gate'
import { describePath } from '../describePath'

const { paths } = buildPaths(listPaths)

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
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(listPaths.machine, [{ input: listPaths.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await path.test(drive())
    })
  }
})
