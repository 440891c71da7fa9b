import { attributesDb } from './attributes'
import { identityDb } from './identity'

// Every preference the console keeps in localStorage is named under this prefix.
const PREFERENCE_PREFIX = 'gatehouse.'

function clearPreferences(storage: Storage | undefined = globalThis.localStorage): void {
  if (!storage) return
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
  for (const key of keys) if (key?.startsWith(PREFERENCE_PREFIX)) storage.removeItem(key)
}

/**
 * Profile's 'Delete Local Data': deletes both cache databases and the local preferences. The page's
 * connections are closed first so the deletion is not blocked by them (another connection, the sync
 * worker's, closes itself when Dexie tells it a deletion waits). The next sign-in rebuilds the caches.
 */
export async function deleteLocalData(): Promise<void> {
  const databases = [identityDb(), attributesDb()]
  for (const db of databases) db.close()
  await Promise.all(databases.map((db) => db.delete()))
  clearPreferences()
}
