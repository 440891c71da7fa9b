import { Dexie, type DBCore, type Middleware, type Table } from 'dexie'
import { CACHE_OPTIONS, type OwnerRow, type SyncState } from './syncState'

/**
 * A cache database (identity, attributes) at its version: its tables' indexes, and the syncState
 * table every cache has. It notices an in-place upgrade from an older version, which the version
 * rule then rebuilds.
 */
export class VersionedDb extends Dexie {
  declare syncState: Table<SyncState | OwnerRow, string>
  /** Set when an older database was upgraded in place; the version rule then rebuilds it. */
  outdated = false

  constructor(
    name: string,
    version: number,
    stores: Record<string, string>,
    middleware?: Middleware<DBCore>,
  ) {
    super(name, CACHE_OPTIONS)
    if (middleware) this.use(middleware)
    this.version(version)
      .stores({ ...stores, syncState: 'collection' })
      .upgrade(() => {
        this.outdated = true
      })
  }
}

/** A page singleton created on first use, so that importing its module costs nothing. */
export function lazyDb<T extends VersionedDb>(create: () => T): () => T {
  let instance: T | undefined
  return () => (instance ??= create())
}

/** What the sync learns from opening the caches: usable, or reset (deleted, the page reloading). */
export type OpenResult = 'open' | 'reset'

// Dexie stores its version number times ten as the native IndexedDB version.
const nativeVersion = (db: Dexie) => Math.round(db.verno * 10)

// What Dexie throws when the stored schema cannot be upgraded to ours (a changed primary key).
const isVersionConflict = (error: unknown) =>
  error instanceof Error && (error.name === 'UpgradeError' || error.name === 'VersionError')

/**
 * Opens a cache and tells whether it was written by another version of the console (older,
 * upgraded in place; or newer, which Dexie 4 opens anyway): its rows may not fit this code's
 * indexes or entity shapes. The version rule itself (SPEC.md §4, DESIGN.md §5: delete, reload,
 * rebuild from the server) is the cacheVersion statechart's.
 */
export async function openCache(db: VersionedDb): Promise<'open' | 'outdated'> {
  const expected = nativeVersion(db)
  try {
    await db.open()
    if (!db.outdated && db.backendDB().version === expected) return 'open'
  } catch (error) {
    if (!isVersionConflict(error)) throw error
  }
  return 'outdated'
}

/** Deletes a cache database (closing it first); the sync rebuilds it from the server. */
export async function deleteCache(db: Dexie): Promise<void> {
  await db.delete()
}
