import type { EventObject } from 'xstate'
import type { CacheUser } from '../../data/db/cacheOwner'
import type { Area } from '../../data/db/syncState'
import type { SyncProgress } from '../../data/sync/syncArea'
import {
  isSyncFailed,
  isSyncReady,
  loadingAreas,
  syncMachine,
  type SyncEvent,
  type SyncSnapshot,
} from '../session/sync.machine'
import { loadingLines } from '../session/loadingText'
import { definePaths } from '../../flows/model'

export const failure = new Error('The server could not be reached.')
/** The signed-in user the caches are opened for (session passes its SelfUser). */
export const user: CacheUser = {
  id: 'u-ada',
  permissions: ['sessions.read', 'users.read'],
  type: 'INTERNAL',
}
const progress = (area: Area, table: SyncProgress['table'], loaded: number) => ({
  snapshot: { context: { area, table, loaded } },
})

const events = [
  { type: 'xstate.done.actor.openCaches', output: 'open' },
  { type: 'xstate.done.actor.openCaches', output: 'reset' },
  { type: 'xstate.error.actor.openCaches', error: failure },
  { type: 'xstate.snapshot.loadIdentity', ...progress('identity', 'sessions', 5000) },
  { type: 'xstate.done.actor.loadIdentity' },
  { type: 'xstate.error.actor.loadIdentity', error: failure },
  { type: 'xstate.snapshot.loadAttributes', ...progress('attributes', 'attributeKeys', 40) },
  { type: 'xstate.done.actor.loadAttributes' },
  { type: 'xstate.error.actor.loadAttributes', error: failure },
  { type: 'xstate.error.actor.listenForChanges', error: failure },
  { type: 'sync.changed', collections: ['sessions'] },
  { type: 'sync.changed', collections: ['attributeKeys', 'sessions'] },
  { type: 'sync.connected' },
  { type: 'xstate.after.changeDebounce.sync.ready.debouncing' },
  { type: 'xstate.done.actor.pullChanges' },
  { type: 'xstate.error.actor.pullChanges', error: failure },
  { type: 'xstate.after.staleRetry.sync.ready.stale' },
  { type: 'sync.retry' },
] as unknown as SyncEvent[]

type Detailed = EventObject & {
  output?: unknown
  collections?: string[]
  snapshot?: { context?: SyncProgress }
}

const label = (event: Detailed) =>
  `${event.type}${typeof event.output === 'string' ? `(${event.output})` : ''}${event.collections?.join() ?? ''}`

export const syncPaths = definePaths({
  name: 'Local caches',
  machine: syncMachine,
  input: { user },
  events,
  // The chart raises a state's done event itself once both areas are loaded; the model must not.
  filterEvents: (_, event) => !event.type.startsWith('xstate.done.state.'),
  // The event and the previous state are part of the key: every transition is its own shortest path.
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      [...snapshot.context.pending].sort(),
      [...snapshot.context.pulling].sort(),
      event ? label(event as Detailed) : null,
      previous?.value ?? null,
    ]),
  shows: (s: SyncSnapshot) => {
    if (isSyncReady(s)) return 'The console shows its content'
    if (isSyncFailed(s)) return "'The data could not be loaded.' with Try Again and Logout"
    const lines = loadingLines(s.context.areaProgress, loadingAreas(s))
    return `'Loading Data, please wait...'; ${lines.length ? lines.join(', ') : 'Opening the local database…'}`
  },
  detail: (event) => {
    const e = event as Detailed
    if (e.type === 'xstate.done.actor.openCaches') return `(${String(e.output)})`
    if (e.collections) return `(${e.collections.join(', ')})`
    const report = e.snapshot?.context
    if (report) return `(${report.table}: ${report.loaded} rows)`
    return undefined
  },
})

export const models = [syncPaths]
