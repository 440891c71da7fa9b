import { fromCallback, fromObservable, fromPromise, type Subscribable } from 'xstate'
import type { Collection } from '../../schema/sync'
import type { Area } from '../../src/data/db/syncState'
import type { OpenResult } from '../../src/data/db/openCache'
import type { SyncProgress } from '../../src/data/sync/syncArea'
import { cacheVersionStub } from './cacheVersionStub'
import { syncMachine, type SyncEvent } from '../../src/kit/session/sync.machine'

type Observer = {
  next: (value: SyncProgress) => void
  error: (error: unknown) => void
  complete: () => void
}

/**
 * The sync statechart with its effects stubbed. 'instant' opens and loads at once (screens tests);
 * 'gated' waits for the test: `open` settles the cache opening, `load(area)` drives an area's load.
 * Only the latest call counts, since a sign-out stops the sync with its calls mid-way.
 */
export function createSyncStub(mode: 'instant' | 'gated' | (string & {}) = 'instant') {
  let opening: { resolve: (r: OpenResult) => void; reject: (e: unknown) => void } | undefined
  const loads = new Map<Area, Observer>()
  const stub = {
    /** Change listeners started and stopped: a stopped one has closed its EventSource. */
    listening: { started: 0, stopped: 0 },
    /** Sends a change notice as GET /v1/events would. */
    notify: undefined as ((event: SyncEvent) => void) | undefined,
    /** The owner key of each cache opening: whom the caches were claimed for. */
    openedFor: [] as string[],
    /** Collections pulled after change notices, one list per pull. */
    pulls: [] as Collection[][],
    open(result: OpenResult | Error) {
      const pending = opening
      if (!pending) throw new Error('The sync is not opening the caches.')
      opening = undefined
      if (result instanceof Error) pending.reject(result)
      else pending.resolve(result)
    },
    isOpening: () => opening !== undefined,
    load(area: Area): Observer {
      const observer = loads.get(area)
      if (!observer) throw new Error(`No ${area} load is running.`)
      return observer
    },
    machine: syncMachine.provide({
      actors: {
        openCaches: cacheVersionStub((owner) => {
          stub.openedFor.push(owner)
          return mode === 'instant'
            ? Promise.resolve('open')
            : new Promise((resolve, reject) => (opening = { resolve, reject }))
        }),
        loadArea: fromObservable<SyncProgress, { area: Area }>(
          ({ input }) =>
            ({
              subscribe: (observer: Observer) => {
                if (mode === 'instant') queueMicrotask(() => observer.complete())
                else loads.set(input.area, observer)
                return { unsubscribe: () => loads.delete(input.area) }
              },
            }) as unknown as Subscribable<SyncProgress>,
        ),
        listenForChanges: fromCallback<SyncEvent>(({ sendBack }) => {
          stub.listening.started += 1
          stub.notify = sendBack
          return () => {
            stub.listening.stopped += 1
          }
        }),
        pullChanges: fromPromise<void, { collections: Collection[] }>(({ input }) => {
          stub.pulls.push(input.collections)
          return Promise.resolve()
        }),
      },
    }),
  }
  return stub
}

export type SyncStub = ReturnType<typeof createSyncStub>
