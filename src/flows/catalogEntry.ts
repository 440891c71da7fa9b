import type { AnyPathsModel } from './model'

/** One statechart of the console as the Flows page, `npm run paths` and QA see it (src/catalog.ts). */
export type CatalogEntry = {
  /** The machine's id (its `createMachine({ id })`). */
  id: string
  /** Where the console uses it, for the Flows page's list. */
  usedIn: string
  /** Its paths module: the machine and the models QA's paths come from (loaded on demand). */
  load: () => Promise<{ models: AnyPathsModel[] }>
}
