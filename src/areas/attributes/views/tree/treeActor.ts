import { createContext, useContext } from 'react'
import type { AttributeTreeActor } from '../../machines/attributeTree.machine'

/** The page's tree statechart, for the rows and menus deep inside the tree. */
export const TreeActorContext = createContext<AttributeTreeActor | null>(null)

export function useTreeActor(): AttributeTreeActor {
  const actor = useContext(TreeActorContext)
  if (!actor) throw new Error('useTreeActor: render inside <TreeActorContext value={tree}>.')
  return actor
}

/** The DOM id of an item's treeitem element, for roving focus. */
export const treeItemDomId = (id: string) => `attribute-item-${id}`

/** The DOM id of an open item's group of children, which its treeitem owns (aria-owns). */
export const treeGroupDomId = (id: string) => `attribute-group-${id}`
