import type { AttributeType } from '../../../../schema/attributes'
import { childrenOf, isContainerType } from '../../../../schema/attribute-rules'
import type { TreeData } from '../../../data/db/attributeTree'
import { byName } from './attributeTree.links'

/*
 * The rows of the attribute tree as the editor draws them, from the cached rows: each row's
 * place (level, position among its siblings) and whether it has children.
 */

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
  /** A condition includes it only for some answers to an earlier sibling (the tree marks it). */
  conditional: boolean
}

const NONE: ReadonlySet<string> = new Set()

/**
 * SPEC.md §4: roots sorted by name (not draggable); children by sortOrder. `conditioned`: the
 * associations a live condition includes (AttributeKeyCondition.conditionalAssociationId).
 */
export function childNodes(
  data: TreeData,
  parentId: string | null,
  level = 1,
  conditioned: ReadonlySet<string> = NONE,
): TreeNode[] {
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
      conditional: conditioned.has(link.id),
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
