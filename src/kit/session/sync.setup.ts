import { assign, fromCallback, fromObservable, fromPromise, setup, stateIn } from 'xstate'
import { Collections, type Collection } from '../../../schema/sync'
import type { CacheUser } from '../../data/db/cacheOwner'
import type { OpenResult } from '../../data/db/openCache'
import type { Area } from '../../data/db/syncState'
import { listenForChanges } from '../../data/sync/changes'
import { progressStream } from '../../data/sync/progressStream'
import { pullCollections, syncArea, type SyncProgress } from '../../data/sync/syncArea'
import {
  areaCaughtUp,
  dropFirstBatches,
  enginePull,
  startFirstBatches,
  startSyncEngine,
} from '../../data/sync/syncDeps'
import { cacheVersionMachine } from './cacheVersion.machine'

/** The signed-in user the caches are filled for (from session's SelfUser). */
export type SyncInput = { user: CacheUser }

export type SyncContext = {
  /** Whose the caches are (`ownerKey`): caches filled for anyone else are emptied when opened. */
  owner: string
  /** The table being loaded and its rows so far: 'Loading Data, please wait...' shows them. */
  progress: { table: Collection | null; loaded: number }
  /** The same, per area: both load side by side, and the screen names the table of each. */
  areaProgress: Partial<Record<Area, { table: Collection; loaded: number }>>
  /** Rows loaded per table since the page opened. */
  loaded: Partial<Record<Collection, number>>
  /** Collections named by change notices and not yet pulled. */
  pending: Collection[]
  /** Collections the pull under way is reading (put back in `pending` if it fails). */
  pulling: Collection[]
  error: unknown
}

export type SyncEvent =
  | { type: 'sync.changed'; collections: Collection[] }
  /** The change stream (re)connected: notices sent while it was away are lost. */
  | { type: 'sync.connected' }
  | { type: 'sync.retry' }

const union = (a: readonly Collection[], b: readonly Collection[]) => [...new Set([...a, ...b])]

/** The sync statechart's types and implementations; its states are in sync.machine.ts. */
export const syncSetup = setup({
  types: { context: {} as SyncContext, events: {} as SyncEvent, input: {} as SyncInput },
  actors: {
    openCaches: cacheVersionMachine,
    loadArea: fromObservable<SyncProgress, { area: Area }>(({ input }) =>
      progressStream<SyncProgress>((report, signal) =>
        syncArea(input.area, enginePull, signal, report, areaCaughtUp),
      ),
    ),
    listenForChanges: fromCallback<SyncEvent>(({ sendBack }) =>
      listenForChanges(
        (collections) => sendBack({ type: 'sync.changed', collections }),
        undefined,
        undefined,
        () => sendBack({ type: 'sync.connected' }),
      ),
    ),
    pullChanges: fromPromise<void, { collections: Collection[] }>(({ input, signal }) =>
      pullCollections(input.collections, enginePull, signal),
    ),
  },
  delays: {
    /** SPEC.md §9: change debounce. */
    changeDebounce: 120,
    staleRetry: 5000,
  },
  guards: {
    // The change stream's failure matters only once the caches are there to go stale.
    isReady: stateIn('#sync.ready'),
    isReset: ({ event }) => (event as unknown as { output: OpenResult }).output === 'reset',
    hasPending: ({ context }) => context.pending.length > 0,
  },
  actions: {
    recordProgress: assign(({ context, event }) => {
      const report = (event as unknown as { snapshot: { context: SyncProgress | undefined } })
        .snapshot.context
      if (!report) return {}
      // A caught-up area shows as it is; its collections are pulled once content shows.
      if (report.background) return { pending: union(context.pending, report.background) }
      return {
        progress: { table: report.table, loaded: report.loaded },
        areaProgress: {
          ...context.areaProgress,
          [report.area]: { table: report.table, loaded: report.loaded },
        },
        loaded: { ...context.loaded, [report.table]: report.loaded },
      }
    }),
    startEngine: () => void startSyncEngine(),
    fetchFirstBatches: () => startFirstBatches(),
    dropFirstBatches: () => dropFirstBatches(),
    recordError: assign({ error: ({ event }) => (event as unknown as { error: unknown }).error }),
    queueChanges: assign({
      pending: ({ context, event }) =>
        event.type === 'sync.changed' ? union(context.pending, event.collections) : context.pending,
    }),
    queueAll: assign({ pending: () => [...Collections] }),
    forgetChanges: assign({ pending: [] }),
    startPull: assign(({ context }) => ({ pulling: context.pending, pending: [] })),
    requeuePull: assign(({ context }) => ({
      pending: union(context.pulling, context.pending),
      pulling: [],
    })),
  },
})
