import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { useSelector } from '@xstate/react'
import { useMemo, type KeyboardEvent } from 'react'
import type { AttributeTreeSnapshot } from '../../machines/attributeTree.machine'
import { childNodes, type TreeNode } from '../../machines/attributeTree.shape'
import { TreeItem } from './TreeItem'
import { treeGroupDomId, useTreeActor } from './treeActor'

type Props = {
  /** null: the roots. */
  parentId: string | null
  level: number
  tabStop: string | null
  canWrite: boolean
  onKeyDown: (event: KeyboardEvent<HTMLElement>, node: TreeNode) => void
  onExport: (node: TreeNode) => void
}

const selectData = (s: AttributeTreeSnapshot) => s.context.data
const selectConditioned = (s: AttributeTreeSnapshot) => s.context.conditioned

/**
 * One parent's children in their order (roots by name), as one sortable list: an item can only be
 * dropped among its own siblings (SPEC.md §2).
 */
export function TreeGroup({ parentId, level, ...rest }: Props) {
  const tree = useTreeActor()
  const data = useSelector(tree, selectData)
  const conditioned = useSelector(tree, selectConditioned)
  const nodes = useMemo(
    () => childNodes(data, parentId, level, new Set(conditioned)),
    [data, parentId, level, conditioned],
  )
  const ids = useMemo(() => nodes.map((node) => node.id), [nodes])
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      <ul
        role={parentId === null ? 'none' : 'group'}
        id={parentId === null ? undefined : treeGroupDomId(parentId)}
        className="attribute-tree-group"
      >
        {nodes.map((node) => (
          <TreeItem key={node.id} node={node} {...rest}>
            <TreeGroup parentId={node.id} level={node.level + 1} {...rest} />
          </TreeItem>
        ))}
      </ul>
    </SortableContext>
  )
}
