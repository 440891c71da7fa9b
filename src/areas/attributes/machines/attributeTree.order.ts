import { moveItem } from '../../../../schema/attribute-rules'
import type { TreeData } from '../../../data/db/attributeTree'
import { linkOf, siblingIds } from './attributeTree.links'

/*
 * Reordering siblings in the attribute tree: the new order a Move up/down or a drop asks for,
 * within one parent only (SPEC.md §2), with the parent the server needs.
 */

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
