import type { Dexie } from 'dexie'

/** A cache database that notices an in-place upgrade from an older version. */
export type VersionedDb = Dexie & { outdated: boolean }

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
