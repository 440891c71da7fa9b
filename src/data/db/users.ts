import { liveQuery } from 'dexie'
import type { User } from '../../../schema/user'
import { identityDb } from './identity'

/**
 * Keeps the identity cache's copy of a user in step with a change the server just confirmed
 * (SPEC.md §7: results.user is stored in the cache), before the sync's own pull brings it.
 */
export async function storeUser(user: User): Promise<void> {
  await identityDb().users.put(user)
}

type Watcher = {
  next: (user: User | undefined) => void
  error: (error: unknown) => void
}

/**
 * Follows one user in the cache: `next` with the row (or undefined when there is none) now and
 * after every change, wherever it was written (this page, the sync worker, another tab). Returns
 * the stop.
 */
export function watchUser(id: string, watcher: Watcher): () => void {
  const subscription = liveQuery(() => identityDb().users.get(id)).subscribe(watcher)
  return () => subscription.unsubscribe()
}
