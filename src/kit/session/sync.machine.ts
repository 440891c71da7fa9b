import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { ownerKey } from '../../data/db/cacheOwner'
import { Areas, type Area } from '../../data/db/syncState'
import { startSyncEngine } from '../../data/sync/syncDeps'
import { readyState } from './sync.ready'
import { syncSetup } from './sync.setup'
import { finalState } from '../machines/finalState'

/** A cache area, as the loading views name it. */
export type { Area }
export type { SyncContext, SyncEvent, SyncInput } from './sync.setup'

const areaRegion = (area: Area, id: string) =>
  ({
    description: `Loads the ${area} collections side by side; one caught up at its last pull is shown as it is.`,
    initial: 'loading',
    states: {
      loading: {
        meta: { spec: ['§4.1', '§4.12'] },
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
      loaded: finalState(`The ${area} cache is up to date.`),
    },
  }) as const

/**
 * The local caches (DESIGN.md §5): opens them under the version rule and claims them for the
 * signed-in user, loads both areas, then keeps them current from the server's change notices. The
 * session statechart shows content only once this machine has the 'ready' tag. Created once per
 * page with systemId 'sync'; invoked per session, with the signed-in user as input.
 *
 * sync.setup.ts holds its context, events, actors, guards and actions; sync.ready.ts the 'ready'
 * state (the caches loaded, kept current from change notices).
 */
export const syncMachine = syncSetup.createMachine({
  id: 'sync',
  meta: { spec: ['§4.1'] },
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
      meta: { spec: ['§4.1', '§4.13'] },
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
      meta: { spec: ['§4.13'] },
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
    ready: readyState,
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
