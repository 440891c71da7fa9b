import { createContext, use } from 'react'
import type { CatalogEntry } from '../../../flows/catalogEntry'

/**
 * The console's statecharts (src/catalog.ts), or a loader of them that returns the same promise
 * each time: main.tsx loads the catalog when a Flows view first asks, not with /login
 * (docs/console-first-load.md). Tests give the array.
 */
export type CatalogSource = readonly CatalogEntry[] | (() => Promise<readonly CatalogEntry[]>)

/**
 * The catalog loads every area's paths module, so it sits above the areas: the app's root gives it
 * (App's `catalog`), and the Flows views read it here.
 */
export const CatalogContext = createContext<CatalogSource | null>(null)

/** The catalog; suspends while it loads. */
export function useCatalog(): readonly CatalogEntry[] {
  const source = use(CatalogContext)
  if (!source) throw new Error('The Flows views need the catalog: App is given it by main.tsx.')
  return typeof source === 'function' ? use(source()) : source
}
