import type { Dexie } from 'dexie'

/** A cache database that notices an in-place upgrade from an older version. */
export type VersionedDb = Dexie & { outdated: boolean }

export type OpenResult = 'open' | 'reset'

// Dexie stores its version number times ten as the native IndexedDB version.
const nativeVersion = (db: Dexie) => Math.round(db.verno * 10)

// What Dexie throws when the stored schema cannot be upgraded to ours (a changed primary key).
const isVersionConflict = (error: unknown) =>
  error instanceof Error && (error.name === 'UpgradeError' || error.name === 'VersionError')

const reloadPage = () => globalThis.location.reload()

/**
 * Opens a cache under the version rule of SPEC.md §4 and DESIGN.md §5: when the database on disk
 * was written by another version of the console (older, upgraded in place; or newer, which Dexie 4
 * opens anyway), its rows may not fit this code's indexes or entity shapes. Rather than migrate,
 * the cache is deleted and the page reloaded, and the sync engine rebuilds it from the server.
 * `reload` is injectable so that tests can see the reset without leaving the page.
 */
export async function openCache(
  db: VersionedDb,
  reload: () => void = reloadPage,
): Promise<OpenResult> {
  const expected = nativeVersion(db)
  try {
    await db.open()
    if (!db.outdated && db.backendDB().version === expected) return 'open'
  } catch (error) {
    if (!isVersionConflict(error)) throw error
  }
  await db.delete()
  reload()
  return 'reset'
}
