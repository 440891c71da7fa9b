import {
  assign,
  fromCallback,
  fromObservable,
  fromPromise,
  setup,
  stateIn,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import { Collections, type Collection } from '../../../schema/sync'
import { ownerKey, type CacheUser } from '../../data/db/cacheOwner'
import type { OpenResult } from '../../data/db/openCache'
import { Areas, type Area } from '../../data/db/syncState'
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
/** A cache area, as the loading views name it. */
export type { Area }

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

const areaRegion = (area: Area, id: string) =>
  ({
    description: `Loads the ${area} collections side by side; one caught up at its last pull is shown as it is.`,
    initial: 'loading',
    states: {
      loading: {
        description: `Pulls each ${area} collection from its stored cursor until the server says DONE, unless all were caught up at their last pull: then they are queued and pulled once content shows.`,
        invoke: {
          id,
          src: 'loadArea',
          input: { area },
          onSnapshot: {
            actions: 'recordProgress',
            description: `The ${area} load reported its table and rows so far (the loading screen shows them), or that its caught-up collections wait for the background pull.`,
          },
          onDone: {
            target: 'loaded',
            description: `The server said DONE for every ${area} collection, or all were caught up already.`,
          },
          onError: {
            target: '#sync.failed',
            actions: 'recordError',
            description: `Loading the ${area} cache failed.`,
          },
        },
      },
      loaded: { description: `The ${area} cache is up to date.`, type: 'final' },
    },
  }) as const

/**
 * The local caches (DESIGN.md §5): opens them under the version rule and claims them for the
 * signed-in user, loads both areas, then keeps them current from the server's change notices. The
 * session statechart shows content only once this machine has the 'ready' tag. Created once per
 * page with systemId 'sync'; invoked per session, with the signed-in user as input.
 */
export const syncMachine = setup({
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
}).createMachine({
  id: 'sync',
  description: 'Fills the identity and attribute caches from the server and keeps them current.',
  // First batches fetched for this session and never taken must not reach another's cache.
  exit: 'dropFirstBatches',
  context: ({ input }) => ({
    owner: ownerKey(input.user),
    progress: { table: null, loaded: 0 },
    areaProgress: {},
    loaded: {},
    pending: [],
    pulling: [],
    error: null,
  }),
  // The change stream opens with the sync, before the caches are read: a notice or a connection
  // that comes before the load starts needs nothing (the load reads every collection after it);
  // one that comes later is queued and pulled once the caches are ready, without holding content.
  invoke: {
    id: 'listenForChanges',
    src: 'listenForChanges',
    // A listener that cannot start (no EventSource) leaves ready caches as they are, marked
    // stale; before that, the caches load as usual.
    onError: [
      {
        guard: 'isReady',
        target: '.ready.stale',
        actions: 'recordError',
        description: 'The change stream could not start while the caches were ready: marked stale.',
      },
      {
        actions: 'recordError',
        description: 'The change stream could not start; the caches load as usual.',
      },
    ],
  },
  on: {
    'sync.changed': {
      actions: 'queueChanges',
      description: 'The server named collections that changed; pulled once the caches are ready.',
    },
    'sync.connected': {
      actions: 'queueAll',
      description:
        'The stream (re)connected after the load began: every collection is pulled once ready.',
    },
  },
  initial: 'opening',
  states: {
    opening: {
      description:
        'Opens both caches; one written by another cache version is deleted and the page reloads, one filled for another user (or other permissions) is emptied.',
      tags: ['busy'],
      // The load that follows reads every collection after this point: nothing queued is needed.
      // The sync worker's script loads meanwhile, off the main thread, and in a browser with no
      // cache yet it fetches every collection's first batch while the caches are created.
      entry: ['forgetChanges', 'startEngine', 'fetchFirstBatches'],
      on: {
        'sync.changed': { description: 'The load that follows reads it.' },
        'sync.connected': { description: 'The load that follows reads everything after it.' },
      },
      invoke: {
        id: 'openCaches',
        src: 'openCaches',
        input: ({ context }) => ({ owner: context.owner }),
        onDone: [
          {
            guard: 'isReset',
            target: 'reloading',
            description: 'A cache was written by another cache version and was deleted.',
          },
          { target: 'loading', description: 'Both caches opened for this user.' },
        ],
        onError: {
          target: 'failed',
          actions: 'recordError',
          description: 'The local database could not be opened.',
        },
      },
    },
    reloading: {
      description: 'A cache was deleted by the version rule; the page is reloading to rebuild it.',
      tags: ['busy'],
    },
    loading: {
      description:
        "Loads both areas side by side ('Loading Data, please wait...' with the table and rows).",
      tags: ['busy'],
      type: 'parallel',
      states: {
        identity: areaRegion('identity', 'loadIdentity'),
        attributes: areaRegion('attributes', 'loadAttributes'),
      },
      onDone: {
        target: 'ready',
        actions: assign({ error: null }),
        description: 'Both areas finished loading.',
      },
    },
    ready: {
      description: 'Both caches are loaded; change notices are pulled as they come.',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Up to date as far as the server has told.',
          // Notices heard while loading are pulled now, in the background.
          always: {
            guard: 'hasPending',
            target: 'debouncing',
            description: 'Notices came while loading: their collections are pulled now.',
          },
          on: {
            'sync.connected': {
              target: 'debouncing',
              actions: 'queueAll',
              description: 'The stream reconnected: notices sent while it was away are lost.',
            },
            'sync.changed': {
              target: 'debouncing',
              actions: 'queueChanges',
              description: 'The server named collections that changed.',
            },
          },
        },
        debouncing: {
          description: 'Waits 120 ms for more notices so that a burst of changes costs one pull.',
          after: {
            changeDebounce: {
              target: 'pulling',
              description: '120 ms passed without another notice.',
            },
          },
          on: {
            'sync.changed': {
              target: 'debouncing',
              reenter: true,
              actions: 'queueChanges',
              description: 'Another notice came: the wait starts again.',
            },
            'sync.connected': {
              target: 'debouncing',
              reenter: true,
              actions: 'queueAll',
              description: 'The stream reconnected: every collection is pulled, after the wait.',
            },
          },
        },
        pulling: {
          description: 'Pulls the changed collections from their stored cursors.',
          tags: ['busy'],
          entry: 'startPull',
          invoke: {
            id: 'pullChanges',
            src: 'pullChanges',
            input: ({ context }) => ({ collections: context.pulling }),
            onDone: [
              {
                guard: 'hasPending',
                target: 'debouncing',
                actions: assign({ pulling: [] }),
                description: 'The pull finished; notices came meanwhile, so another pull follows.',
              },
              {
                target: 'idle',
                actions: assign({ pulling: [] }),
                description: 'The pull finished; nothing else changed.',
              },
            ],
            onError: {
              target: 'stale',
              actions: ['requeuePull', 'recordError'],
              description: 'The pull failed; its collections are kept for the next try.',
            },
          },
          on: {
            'sync.changed': {
              actions: 'queueChanges',
              description: 'A notice came during the pull: pulled after it.',
            },
          },
        },
        stale: {
          description:
            'A pull failed or the change stream is down: the caches show what they had and pull again shortly.',
          tags: ['error'],
          after: {
            staleRetry: {
              target: 'pulling',
              description: '5 seconds passed: the pull is tried again.',
            },
          },
          on: {
            'sync.retry': { target: 'pulling', description: 'Try the pull again now.' },
            'sync.changed': {
              actions: 'queueChanges',
              description: 'A notice came while stale: pulled with the next try.',
            },
          },
        },
      },
    },
    failed: {
      description: 'Opening or loading a cache failed; what was committed is kept for the retry.',
      tags: ['error'],
      on: { 'sync.retry': { target: 'opening', description: 'Try Again was pressed.' } },
    },
  },
})

export type SyncActor = ActorRefFrom<typeof syncMachine>
export type SyncSnapshot = SnapshotFrom<typeof syncMachine>

// What startup waits for, and its failure: in their own module for the session (first load).
export { isSyncFailed, isSyncReady } from './sync.status'

/**
 * Starts the sync worker (its script loads off the main thread) before the sync itself starts:
 * the session does so as soon as this module is loaded. The sync starts it too, as it opens.
 */
export const startSyncWorker = (): void => void startSyncEngine()

/** The areas whose load is still under way (the loading screen names their tables). */
export const loadingAreas = (snapshot: SyncSnapshot): Area[] =>
  Areas.filter((area) => snapshot.matches({ loading: { [area]: 'loading' } }))
