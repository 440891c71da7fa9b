import { liveQuery } from 'dexie'
import { childrenOf } from '../../../schema/attribute-rules'
import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../../schema/attributes'
import { attributesDb } from './attributes'

/** A live read of the cache: `next` now and after every change, `error` when it cannot be read. */
export type Watcher<T> = { next: (value: T) => void; error: (error: unknown) => void }

function watch<T>(read: () => Promise<T>, watcher: Watcher<T>): () => void {
  const subscription = liveQuery(read).subscribe(watcher)
  return () => subscription.unsubscribe()
}

/** SPEC.md §4: a key's options are read sorted by createdAt, with deleted ones hidden. */
export async function readKeyOptions(keyId: string): Promise<AttributeKeyOption[]> {
  const rows = await attributesDb().attributeKeyOptions.where('attributeKeyId').equals(keyId).toArray()
  return rows
    .filter((row) => !row.deleted)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
}

export type KeyWithOptions = { key: AttributeKey | undefined; options: AttributeKeyOption[] }

/** One key and its live options as the cache holds them now (the key dialog's starting point). */
export async function readKeyWithOptions(keyId: string): Promise<KeyWithOptions> {
  const db = attributesDb()
  return db.transaction('r', db.attributeKeys, db.attributeKeyOptions, async () => ({
    key: await db.attributeKeys.get(keyId),
    options: await readKeyOptions(keyId),
  }))
}

/** Follows a key and its live options (the Demo dialog's preview). */
export function watchKeyWithOptions(keyId: string, watcher: Watcher<KeyWithOptions>) {
  return watch(() => readKeyWithOptions(keyId), watcher)
}

export type LinkWithKey = AttributeKeyAssociation & { key: AttributeKey | undefined }

/** What the Conditional dialog needs about one leaf's place in the tree. */
export type LeafContext = {
  /** The conditioned leaf's association and key; undefined when the cache has no such link. */
  leaf: LinkWithKey | undefined
  /** The leaf key's live options (sorted by createdAt). */
  options: AttributeKeyOption[]
  /** The parent's live children in order, the leaf among them, each with its key. */
  siblings: LinkWithKey[]
  /** Live conditions this leaf's key puts on its later siblings. */
  conditions: AttributeKeyCondition[]
}

async function readLeafContext(associationId: string): Promise<LeafContext> {
  const db = attributesDb()
  const link = await db.attributeKeyAssociations.get(associationId)
  if (!link || link.deleted) return { leaf: undefined, options: [], siblings: [], conditions: [] }
  const family =
    link.parentAssociationId === null
      ? [link]
      : await db.attributeKeyAssociations.where('parentAssociationId').equals(link.parentAssociationId).toArray()
  const ordered = childrenOf(family, link.parentAssociationId)
  const keys = await db.attributeKeys.bulkGet(ordered.map((row) => row.attributeKeyId))
  const siblings = ordered.map((row, index) => ({ ...row, key: keys[index] }))
  const leaf = siblings.find((row) => row.id === associationId)
  const conditions = (
    await db.attributeKeyConditions
      .where('conditionalAssociationId')
      .anyOf(siblings.map((row) => row.id))
      .toArray()
  )
    .filter((row) => !row.deleted && row.attributeKeyId === link.attributeKeyId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  return { leaf, options: await readKeyOptions(link.attributeKeyId), siblings, conditions }
}

/**
 * Follows a leaf's association: its key and options, its siblings with their keys and the
 * conditions it sets on them, now and after every change (a save here, a sync batch, another tab).
 */
export function watchLeafContext(associationId: string, watcher: Watcher<LeafContext>) {
  return watch(
    () => {
      const db = attributesDb()
      return db.transaction(
        'r',
        [db.attributeKeyAssociations, db.attributeKeys, db.attributeKeyOptions, db.attributeKeyConditions],
        () => readLeafContext(associationId),
      )
    },
    watcher,
  )
}
