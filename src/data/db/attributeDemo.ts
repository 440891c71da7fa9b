import { liveQuery } from 'dexie'
import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../../schema/attributes'
import { attributesDb } from './attributes'

/** What the whole-tree demo reads from the cache: every row it may need. */
export type DemoRows = {
  associations: AttributeKeyAssociation[]
  keys: AttributeKey[]
  options: AttributeKeyOption[]
  conditions: AttributeKeyCondition[]
}

type Watcher = { next: (rows: DemoRows) => void; error: (error: unknown) => void }

/**
 * Follows everything the whole-tree demo draws: associations, keys, options and conditions, now
 * and after every change (an edit in another tab, a sync pull). The attribute cache holds a
 * catalogue, not a log, so reading the four tables whole stays small. Returns the stop.
 */
export function watchDemoRows(watcher: Watcher): () => void {
  const db = attributesDb()
  const subscription = liveQuery(async () => {
    const [associations, keys, options, conditions] = await Promise.all([
      db.attributeKeyAssociations.toArray(),
      db.attributeKeys.toArray(),
      db.attributeKeyOptions.toArray(),
      db.attributeKeyConditions.toArray(),
    ])
    return { associations, keys, options, conditions }
  }).subscribe(watcher)
  return () => subscription.unsubscribe()
}
