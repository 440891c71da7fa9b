import { liveQuery } from 'dexie'
import type { AttributeTree } from '../../../schema/attribute-api'
import type { AttributeKey, AttributeKeyAssociation } from '../../../schema/attributes'
import { childrenOf } from '../../../schema/attribute-rules'
import { attributeServer, type AttributeServer } from '../api/attributes'
import { attributesDb } from './attributes'
import { keptRecord, storeAttributeRows } from './attributeRecords'

/** What the tree reads from the cache: live associations and live keys. */
export type TreeData = { links: AttributeKeyAssociation[]; keys: AttributeKey[] }

/** The call's abort signal, and the server to ask (a test's stub; the real one otherwise). */
type Options = { signal?: AbortSignal; server?: AttributeServer }

type Watcher = {
  next: (data: TreeData) => void
  error: (error: unknown) => void
}

/**
 * Follows the attribute tree in the cache (SPEC.md §7 'associations with the key included'): `next`
 * now and after every change, wherever it was written (a save here, the sync worker, another tab).
 * Deleted rows are left out. Returns the stop.
 */
export function watchAttributeTree(watcher: Watcher): () => void {
  const subscription = liveQuery(async (): Promise<TreeData> => {
    const db = attributesDb()
    const [links, keys] = await Promise.all([
      db.attributeKeyAssociations.filter((link) => !link.deleted).toArray(),
      db.attributeKeys.filter((key) => !key.deleted).toArray(),
    ])
    return { links, keys }
  }).subscribe(watcher)
  return () => subscription.unsubscribe()
}

/** One key as the cache holds it, for a dialog that edits it. */
export async function readAttributeKey(id: string): Promise<AttributeKey | undefined> {
  return attributesDb().attributeKeys.get(id)
}

/** Creates or renames a trunk (ROOT) or branch (BRANCH) key; answers the stored key. */
export function saveContainerKey(
  input: { id: string | null; name: string; type: 'ROOT' | 'BRANCH' },
  { signal, server = attributeServer }: Options = {},
): Promise<AttributeKey> {
  const record = input.id ? { name: input.name } : { name: input.name, type: input.type, config: '{}' }
  return keptRecord('AttributeKey', server.saveRecord('AttributeKey', record, input.id, { signal }))
}

/**
 * Links a key under `parentAssociationId` (null: the top level). SPEC.md §4: the new association
 * gets sortOrder 0, so it comes first; the siblings already there are then renumbered after it in
 * one reorder call, so that no two siblings share an order (docs/console-attributes-tree.md).
 */
export async function linkKey(
  input: { attributeKeyId: string; parentAssociationId: string | null },
  { signal, server = attributeServer }: Options = {},
): Promise<AttributeKeyAssociation> {
  const { attributeKeyId, parentAssociationId } = input
  const created = await keptRecord(
    'AttributeKeyAssociation',
    server.saveRecord(
      'AttributeKeyAssociation',
      { attributeKeyId, parentAssociationId, sortOrder: 0 },
      null,
      { signal },
    ),
  )
  if (parentAssociationId === null) return created
  const links = await attributesDb()
    .attributeKeyAssociations.where('parentAssociationId')
    .equals(parentAssociationId)
    .toArray()
  const others = childrenOf(links, parentAssociationId).filter((link) => link.id !== created.id)
  if (others.length === 0) return created
  const ids = [created.id, ...others.map((link) => link.id)]
  await storeAttributeRows(
    'AttributeKeyAssociation',
    await server.reorderChildren(parentAssociationId, ids, { signal }),
  )
  return created
}

/**
 * Reorders a parent's children (SPEC.md §4: each sortOrder becomes its index). The cache shows the
 * new order at once; a refused reorder puts the rows back as they were and rethrows.
 */
export async function reorderLinks(
  input: { parentAssociationId: string; ids: string[] },
  { signal, server = attributeServer }: Options = {},
): Promise<AttributeKeyAssociation[]> {
  const table = attributesDb().attributeKeyAssociations
  const before = (await table.bulkGet(input.ids)).filter(
    (row): row is AttributeKeyAssociation => row !== undefined,
  )
  await table
    .bulkPut(before.map((row) => ({ ...row, sortOrder: input.ids.indexOf(row.id) })))
    .catch(() => undefined)
  try {
    const saved = await server.reorderChildren(input.parentAssociationId, input.ids, { signal })
    await storeAttributeRows('AttributeKeyAssociation', saved)
    return saved
  } catch (error) {
    await table.bulkPut(before).catch(() => undefined)
    throw error
  }
}

/** Remove Link: the server deletes the link and its subtree; the cache hides them at once. */
export async function unlink(
  id: string,
  { signal, server = attributeServer }: Options = {},
): Promise<AttributeKeyAssociation> {
  const removed = await server.removeLink(id, { signal })
  await storeAttributeRows('AttributeKeyAssociation', [removed])
  return removed
}

/** A top-level association's tree as the portable document. */
export function exportRoot(
  id: string,
  { signal, server = attributeServer }: Options = {},
): Promise<AttributeTree> {
  return server.exportTree(id, { signal })
}

/** Reads an exported file and imports it with new ids; answers the new top-level link. */
export async function importTreeFile(
  file: File,
  { signal, server = attributeServer }: Options = {},
) {
  let tree: AttributeTree
  try {
    tree = JSON.parse(await file.text()) as AttributeTree
  } catch {
    throw new Error(`${file.name} is not an exported attribute tree (it is not JSON).`)
  }
  const created = await server.importTree(tree, { signal })
  await storeAttributeRows('AttributeKeyAssociation', [created])
  return created
}
