import type { AttributeKey, AttributeType } from '../../../../schema/attributes'
import {
  childrenOf,
  isContainerType,
  laterSiblings,
  moveItem,
} from '../../../../schema/attribute-rules'
import type { TreeData } from '../../../data/db/attributeTree'

/**
 * The attribute tree's shape as the editor draws it, from the cached rows: pure functions with
 * their own unit tests (tests/unit/attributeTreeShape.test.ts), kept out of the machine.
 */

export type { TreeData }

/** One association as a row of the tree. */
export type TreeNode = {
  id: string
  keyId: string
  /** The key's name; '' while the key has not reached the cache yet. */
  name: string
  type: AttributeType | null
  parentId: string | null
  /** 1 for roots (aria-level). */
  level: number
  /** Position among its siblings, and how many there are (aria-posinset / aria-setsize). */
  index: number
  siblingCount: number
  hasChildren: boolean
  isContainer: boolean
}

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)

/** SPEC.md §4: roots sorted by name (not draggable); children by sortOrder. */
export function childNodes(data: TreeData, parentId: string | null, level = 1): TreeNode[] {
  const keys = new Map(data.keys.map((key) => [key.id, key]))
  const links = childrenOf(data.links, parentId)
  const nodes = links.map((link, index): TreeNode => {
    const key = keys.get(link.attributeKeyId)
    return {
      id: link.id,
      keyId: link.attributeKeyId,
      name: key?.name ?? '',
      type: key?.type ?? null,
      parentId,
      level,
      index,
      siblingCount: links.length,
      hasChildren: data.links.some(
        (child) => !child.deleted && child.parentAssociationId === link.id,
      ),
      isContainer: key ? isContainerType(key.type) : false,
    }
  })
  if (parentId !== null) return nodes
  return nodes.sort(byName).map((node, index) => ({ ...node, index }))
}

/** The rows a person sees, top to bottom: every root, and the children of expanded items. */
export function visibleNodes(data: TreeData, expanded: readonly string[]): TreeNode[] {
  const open = new Set(expanded)
  const walk = (parentId: string | null, level: number): TreeNode[] =>
    childNodes(data, parentId, level).flatMap((node) =>
      open.has(node.id) && node.hasChildren ? [node, ...walk(node.id, level + 1)] : [node],
    )
  return walk(null, 1)
}

/** The association with `id`, or undefined. */
export const linkOf = (data: TreeData, id: string | null | undefined) =>
  id ? data.links.find((link) => link.id === id) : undefined

/** The key linked by association `id`. */
export function keyOf(data: TreeData, id: string | null | undefined): AttributeKey | undefined {
  const link = linkOf(data, id)
  return link ? data.keys.find((key) => key.id === link.attributeKeyId) : undefined
}

/** The ids of `id`'s siblings (itself included) in their order. */
export function siblingIds(data: TreeData, id: string): string[] {
  const link = linkOf(data, id)
  return link ? childrenOf(data.links, link.parentAssociationId).map((sibling) => sibling.id) : []
}

/**
 * The new order of `id`'s siblings after moving it by `offset` (Move up: -1, Move down: +1), or
 * null when it cannot move (a root, or already at that end).
 */
export function movedBy(data: TreeData, id: string, offset: number): string[] | null {
  const link = linkOf(data, id)
  if (!link || link.parentAssociationId === null) return null
  const ids = siblingIds(data, id)
  const from = ids.indexOf(id)
  const to = from + offset
  if (to < 0 || to >= ids.length) return null
  return moveItem(ids, from, to)
}

/**
 * The new order after a drag of `id` onto `overId`, or null when the drop changes nothing or
 * crosses parents (SPEC.md §2: reorder only within the same parent; roots are not draggable).
 */
export function droppedOn(data: TreeData, id: string, overId: string): string[] | null {
  const link = linkOf(data, id)
  const over = linkOf(data, overId)
  if (!link || !over || id === overId) return null
  if (link.parentAssociationId === null || link.parentAssociationId !== over.parentAssociationId)
    return null
  const ids = siblingIds(data, id)
  return moveItem(ids, ids.indexOf(id), ids.indexOf(overId))
}

/** SPEC.md §2: Conditional is disabled for the last sibling (nothing comes after it). */
export function canCondition(data: TreeData, id: string): boolean {
  const link = linkOf(data, id)
  if (!link) return false
  return laterSiblings(childrenOf(data.links, link.parentAssociationId), id).length > 0
}

/** The association ids from the top down to `id`'s parent: what must be open to show it. */
export function ancestorsOf(data: TreeData, id: string): string[] {
  const chain: string[] = []
  const seen = new Set<string>()
  let parent = linkOf(data, id)?.parentAssociationId ?? null
  while (parent && !seen.has(parent)) {
    seen.add(parent)
    chain.unshift(parent)
    parent = linkOf(data, parent)?.parentAssociationId ?? null
  }
  return chain
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

export type TreeKey = 'ArrowDown' | 'ArrowUp' | 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End'
export const TREE_KEYS: readonly string[] = [
  'ArrowDown',
  'ArrowUp',
  'ArrowRight',
  'ArrowLeft',
  'Home',
  'End',
]

/** What a key does in the WAI-ARIA tree pattern: focus another row, or open/close this one. */
export type TreeMove = { focus: string } | { expand: string } | { collapse: string } | null

/**
 * WAI-ARIA tree keyboard: Down/Up to the next/previous visible row, Right opens a closed parent or
 * goes to its first child, Left closes an open parent or goes to the parent, Home/End to the
 * first/last visible row.
 */
export function treeKeyMove(
  rows: readonly TreeNode[],
  expanded: readonly string[],
  focusedId: string,
  key: TreeKey,
): TreeMove {
  const at = rows.findIndex((row) => row.id === focusedId)
  const row = rows[at]
  if (!row) return rows[0] ? { focus: rows[0].id } : null
  const open = row.hasChildren && expanded.includes(row.id)
  const focus = (target: TreeNode | undefined) => (target ? { focus: target.id } : null)
  switch (key) {
    case 'ArrowDown':
      return focus(rows[at + 1])
    case 'ArrowUp':
      return focus(rows[at - 1])
    case 'Home':
      return focus(rows[0])
    case 'End':
      return focus(rows.at(-1))
    case 'ArrowRight':
      if (!row.hasChildren) return null
      return open ? focus(rows[at + 1]) : { expand: row.id }
    case 'ArrowLeft':
      if (open) return { collapse: row.id }
      return row.parentId ? { focus: row.parentId } : null
  }
}

/** The open items after `id` is toggled, opened (Right arrow) or closed (Left arrow). */
export function toggled(
  expanded: readonly string[],
  id: string,
  how: 'toggle' | 'expand' | 'collapse',
): string[] {
  const open = expanded.includes(id)
  if (how === 'expand' || (how === 'toggle' && !open)) return [...new Set([...expanded, id])]
  return expanded.filter((item) => item !== id)
}

/** The new order of `id`'s siblings, with their parent; null when it cannot be reordered. */
function orderOf(data: TreeData, id: string, ids: string[] | null) {
  const parentId = linkOf(data, id)?.parentAssociationId
  return ids && parentId ? { parentId, ids } : null
}

/** The order a Move up/down (`offset`) or a drop (`overId`) asks for; null when there is none. */
export function reorderOf(
  data: TreeData,
  move: { id: string; offset: number } | { id: string; overId: string },
) {
  const ids =
    'offset' in move ? movedBy(data, move.id, move.offset) : droppedOn(data, move.id, move.overId)
  return orderOf(data, move.id, ids)
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
