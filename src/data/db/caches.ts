import { attributesDb, type AttributesDb } from './attributes'
import { identityDb, type IdentityDb } from './identity'
import { openCache, type OpenResult } from './openCache'
import type { Area } from './syncState'

/** The database of an area: the page's singleton, in the page or in the sync worker alike. */
export function cacheDb(area: Area): IdentityDb | AttributesDb {
  return area === 'identity' ? identityDb() : attributesDb()
}

/**
 * Opens both caches under the version rule before anything reads or writes them. 'reset' means a
 * cache was deleted and the page is reloading: nothing else should start.
 */
export async function openCaches(reload?: () => void): Promise<OpenResult> {
  const results = await Promise.all([
    openCache(identityDb(), reload),
    openCache(attributesDb(), reload),
  ])
  return results.includes('reset') ? 'reset' : 'open'
}
