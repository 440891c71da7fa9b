import type { AttributeKey } from '../../../../schema/attributes'
import { childrenOf } from '../../../../schema/attribute-rules'
import type { TreeData } from '../../../data/db/attributeTree'

/*
 * Lookups in the cached tree that every other tree helper asks: an association, its key, its
 * siblings and its ancestors (attributeTree.shape.ts re-exports them for the views and tests).
 */

/** By name, case-insensitively; the id settles a tie, so the order never flickers. */
export const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)

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
