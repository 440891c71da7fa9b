import type { Service } from '../../../schema/service'
import { identityDb } from './identity'
import { watchRow, type RowWatcher } from './watchRow'

/**
 * SPEC.md §7: every service mutation's answer is stored in the local Service table at once, before
 * the sync's own pull brings it, so the list and the detail show it.
 */
export async function storeService(service: Service): Promise<void> {
  await identityDb().services.put(service)
}

/**
 * Stores what the server answered and hands it on. The server has the change and the sync would
 * bring the row anyway, so a cache that cannot be written must not turn a change into a failure.
 */
export async function keptService(saving: Promise<Service>): Promise<Service> {
  const service = await saving
  await storeService(service).catch(() => undefined)
  return service
}

/** Follows one service in the cache (watchRow). Returns the stop. */
export function watchService(id: string, watcher: RowWatcher<Service>): () => void {
  return watchRow(() => identityDb().services, id, watcher)
}
