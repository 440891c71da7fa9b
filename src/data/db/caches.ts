import { attributesDb, type AttributesDb } from './attributes'
import { identityDb, type IdentityDb } from './identity'
import { deleteCache, openCache } from './openCache'
import { Areas, type Area } from './syncState'

/** The database of an area: the page's singleton, in the page or in the sync worker alike. */
export function cacheDb(area: Area): IdentityDb | AttributesDb {
  return area === 'identity' ? identityDb() : attributesDb()
}

/** Opens both caches; answers the areas whose cache another console version wrote. */
export async function openCaches(): Promise<Area[]> {
  const results = await Promise.all(
    Areas.map(async (area) => ((await openCache(cacheDb(area))) === 'outdated' ? [area] : [])),
  )
  return results.flat()
}

/** Deletes the caches of `areas`. */
export async function deleteCaches(areas: readonly Area[]): Promise<void> {
  await Promise.all(areas.map((area) => deleteCache(cacheDb(area))))
}
