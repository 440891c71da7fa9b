import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createActor,
  fromCallback,
  fromObservable,
  fromPromise,
  type AnyMachineSnapshot,
  type EventObject,
  type Subscribable,
} from 'xstate'
import { ownerKey } from '../../../src/data/db/cacheOwner'
import type { Area } from '../../../src/data/db/syncState'
import type { OpenResult } from '../../../src/data/db/openCache'
import type { SyncProgress } from '../../../src/data/sync/syncArea'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { failure, syncPaths, user } from '../../../src/kit/paths/sync.paths'
import {
  isSyncReady,
  syncMachine,
  type SyncActor,
  type SyncEvent,
  type SyncSnapshot,
} from '../../../src/kit/session/sync.machine'
import { cacheVersionStub } from '../../setup/cacheVersionStub'
import { Latest } from '../../setup/gate'
import { describePath } from '../describePath'

type Observer = {
  next: (value: SyncProgress) => void
  error: (error: unknown) => void
  complete: () => void
}

const input = { user }
const { paths } = buildPaths(syncPaths)

type Step = {
  event: EventObject & { output?: unknown; error?: unknown; snapshot?: { context: SyncProgress } }
}

function drive() {
  const open = new Latest<OpenResult>()
  const pull = new Latest<void>()
  const loads = new Map<Area, Observer>()
  let notice: ((event: SyncEvent) => void) | undefined
  const actor: SyncActor = createActor(
    syncMachine.provide({
      actors: {
        openCaches: cacheVersionStub((owner) => open.wait({ owner })),
        loadArea: fromObservable<SyncProgress, { area: Area }>(
          ({ input }) =>
            ({
              subscribe: (observer: Observer) => {
                loads.set(input.area, observer)
                return { unsubscribe: () => loads.delete(input.area) }
              },
            }) as unknown as Subscribable<SyncProgress>,
        ),
        listenForChanges: fromCallback(({ sendBack }) => {
          notice = sendBack
        }),
        pullChanges: fromPromise(({ input }) => pull.wait(input)),
      },
    }),
    { systemId: 'sync', input },
  ).start()
  const settle = () => vi.advanceTimersByTimeAsync(0)
  const snapshot = () => actor.getSnapshot()
  const load = (area: Area) => {
    const observer = loads.get(area)
    if (!observer) throw new Error(`No ${area} load is running.`)
    return observer
  }
  let lastProgress: SyncProgress | undefined

  return {
    states: {
      '#sync.opening': () => {
        expect(snapshot().hasTag('busy')).toBe(true)
        // The caches are opened for the signed-in user: filled for anyone else, they are emptied.
        expect(open.inputs.at(-1)).toEqual({ owner: ownerKey(user) })
      },
      '#sync.reloading': () => {
        expect(snapshot().hasTag('busy')).toBe(true)
        expect(isSyncReady(snapshot())).toBe(false)
      },
      '#sync.loading': () => {
        expect(snapshot().hasTag('busy')).toBe(true)
        expect(isSyncReady(snapshot())).toBe(false)
        if (lastProgress) {
          expect(snapshot().context.progress).toEqual({
            table: lastProgress.table,
            loaded: lastProgress.loaded,
          })
          expect(snapshot().context.loaded[lastProgress.table]).toBe(lastProgress.loaded)
        }
      },
      '#sync.ready': () => expect(isSyncReady(snapshot())).toBe(true),
      '#sync.ready.pulling': (model: SyncSnapshot) => {
        expect(snapshot().hasTag('busy')).toBe(true)
        expect(pull.inputs.at(-1)).toEqual({ collections: model.context.pulling })
      },
      '#sync.ready.stale': () => expect(snapshot().hasTag('error')).toBe(true),
      '#sync.failed': () => {
        expect(snapshot().hasTag('error')).toBe(true)
        expect(snapshot().context.error).toBe(failure)
        expect(isSyncReady(snapshot())).toBe(false)
      },
      '*': (model: AnyMachineSnapshot) => expect(snapshot().value).toEqual(model.value),
    },
    events: {
      'xstate.done.actor.openCaches': async ({ event }: Step) => {
        open.resolve(event.output as OpenResult)
        await settle()
      },
      'xstate.error.actor.openCaches': async ({ event }: Step) => {
        open.reject(event.error)
        await settle()
      },
      'xstate.snapshot.loadIdentity': async ({ event }: Step) => {
        lastProgress = event.snapshot?.context
        if (lastProgress) load('identity').next(lastProgress)
        await settle()
      },
      'xstate.done.actor.loadIdentity': async () => {
        load('identity').complete()
        await settle()
      },
      'xstate.error.actor.loadIdentity': async ({ event }: Step) => {
        load('identity').error(event.error)
        await settle()
      },
      'xstate.snapshot.loadAttributes': async ({ event }: Step) => {
        lastProgress = event.snapshot?.context
        if (lastProgress) load('attributes').next(lastProgress)
        await settle()
      },
      'xstate.done.actor.loadAttributes': async () => {
        load('attributes').complete()
        await settle()
      },
      'xstate.error.actor.loadAttributes': async ({ event }: Step) => {
        load('attributes').error(event.error)
        await settle()
      },
      // A listener cannot fail once started; the failure of its start is sent as the chart would get it.
      'xstate.error.actor.listenForChanges': async ({ event }: Step) => {
        actor.send(event as unknown as SyncEvent)
        await settle()
      },
      'sync.changed': async ({ event }: Step) => {
        notice?.(event as unknown as SyncEvent)
        await settle()
      },
      'sync.connected': async ({ event }: Step) => {
        notice?.(event as unknown as SyncEvent)
        await settle()
      },
      'xstate.after.changeDebounce.sync.ready.debouncing': async () => {
        await vi.advanceTimersByTimeAsync(119)
        expect(snapshot().matches({ ready: 'debouncing' })).toBe(true)
        await vi.advanceTimersByTimeAsync(1)
      },
      'xstate.done.actor.pullChanges': async () => {
        pull.resolve()
        await settle()
      },
      'xstate.error.actor.pullChanges': async ({ event }: Step) => {
        pull.reject(event.error)
        await settle()
      },
      'xstate.after.staleRetry.sync.ready.stale': () => vi.advanceTimersByTimeAsync(5000),
      'sync.retry': async () => {
        actor.send({ type: 'sync.retry' })
        await settle()
      },
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('sync statechart', () => {
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(syncPaths.machine, [{ input, paths }]).refused).toEqual([])
  })

  it('becomes ready only once both areas are loaded', () => {
    const ready = paths.filter((path) => JSON.stringify(path.state.value).startsWith('{"ready"'))
    for (const path of ready) {
      const types = path.steps.map((step) => step.event.type)
      expect(types).toContain('xstate.done.actor.loadIdentity')
      expect(types).toContain('xstate.done.actor.loadAttributes')
    }
    expect(ready.length).toBeGreaterThan(0)
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await path.test(drive())
    })
  }
})
