import type { User } from '../../../schema/user'
import { identityDb } from './identity'
import { watchRow, type RowWatcher } from './watchRow'

/**
 * Keeps the identity cache's copy of a user in step with a change the server just confirmed
 * (SPEC.md §7: results.user is stored in the cache), before the sync's own pull brings it.
 */
export async function storeUser(user: User): Promise<void> {
  await identityDb().users.put(user)
}

/** Follows one user in the cache (watchRow). Returns the stop. */
export function watchUser(id: string, watcher: RowWatcher<User>): () => void {
  return watchRow(() => identityDb().users, id, watcher)
}
