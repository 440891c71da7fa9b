import { createContext, use } from 'react'
import type { CatalogEntry } from '../../../flows/catalogEntry'

/**
 * The console's statecharts (src/catalog.ts). The catalog loads every area's paths module, so it
 * sits above the areas: the app's root gives it (App's `catalog`), and the Flows views read it here.
 */
export const CatalogContext = createContext<readonly CatalogEntry[] | null>(null)

export function useCatalog(): readonly CatalogEntry[] {
  const catalog = use(CatalogContext)
  if (!catalog) throw new Error('The Flows views need the catalog: App is given it by main.tsx.')
  return catalog
}
