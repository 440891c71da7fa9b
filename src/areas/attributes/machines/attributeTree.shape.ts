import type { AttributeKey } from '../../../../schema/attributes'
import { childrenOf, laterSiblings } from '../../../../schema/attribute-rules'
import type { TreeData } from '../../../data/db/attributeTree'
import { ancestorsOf, byName, keyOf, linkOf } from './attributeTree.links'

/**
 * The attribute tree's shape as the editor draws it, from the cached rows: pure functions with
 * their own unit tests (tests/unit/attributeTreeShape.test.ts), kept out of the machine. Here:
 * what an item offers (Conditional, Add Existing, its edit dialog) and what reveals a linked one;
 * beside it, re-exported here: lookups (attributeTree.links.ts), rows (.rows.ts), reordering
 * (.order.ts) and the keyboard with the open items (.keyboard.ts).
 */

export type { TreeData }
export { ancestorsOf, keyOf, linkOf, siblingIds } from './attributeTree.links'
export { childNodes, visibleNodes, type TreeNode } from './attributeTree.rows'
export { droppedOn, movedBy, reorderOf } from './attributeTree.order'
export {
  TREE_KEYS,
  toggled,
  treeKeyMove,
  type TreeKey,
  type TreeMove,
} from './attributeTree.keyboard'

/** SPEC.md §2: Conditional is disabled for the last sibling (nothing comes after it). */
export function canCondition(data: TreeData, id: string): boolean {
  const link = linkOf(data, id)
  if (!link) return false
  return laterSiblings(childrenOf(data.links, link.parentAssociationId), id).length > 0
}

/**
 * Keys that Add Existing offers under `parentId` (null: the top level), filtered by `search` on
 * the name. The top level takes only ROOT keys; a parent takes BRANCH and leaf keys, except keys
 * already linked directly under it and keys on its own path up (linking them would repeat a key
 * inside itself). Sorted by name.
 */
export function attachableKeys(
  data: TreeData,
  parentId: string | null,
  search = '',
): AttributeKey[] {
  const text = search.trim().toLowerCase()
  const matches = (key: AttributeKey) => text === '' || key.name.toLowerCase().includes(text)
  if (parentId === null) {
    const linked = new Set(childrenOf(data.links, null).map((link) => link.attributeKeyId))
    return data.keys
      .filter((key) => !key.deleted && key.type === 'ROOT' && !linked.has(key.id) && matches(key))
      .sort(byName)
  }
  const path = [...ancestorsOf(data, parentId), parentId]
  const excluded = new Set([
    ...path.map((id) => linkOf(data, id)?.attributeKeyId),
    ...childrenOf(data.links, parentId).map((link) => link.attributeKeyId),
  ])
  return data.keys
    .filter((key) => !key.deleted && key.type !== 'ROOT' && !excluded.has(key.id) && matches(key))
    .sort(byName)
}

/** What shows a linked item: its parents open, the item selected and focused. */
export function revealed(
  data: TreeData,
  expanded: readonly string[],
  link: { id: string; parentAssociationId: string | null } | null | undefined,
) {
  if (!link) return {}
  const parents = [...ancestorsOf(data, link.id)]
  if (link.parentAssociationId && !parents.includes(link.parentAssociationId))
    parents.push(link.parentAssociationId)
  return {
    expanded: [...new Set([...expanded, ...parents])],
    selectedId: link.id,
    focusedId: link.id,
  }
}

/** The key dialog that edits item `id`: the trunk or branch name dialog, or the leaf's. */
export function editDialogOf(data: TreeData, id: string) {
  const key = keyOf(data, id)
  const kind = key?.type === 'ROOT' ? 'trunk' : key?.type === 'BRANCH' ? 'branch' : 'leaf'
  return { kind, keyId: key?.id ?? null, parentId: null } as const
}
