import { ChevronRightIcon, DragHandleDots2Icon } from '@radix-ui/react-icons'
import { Badge, Box, Flex, IconButton, Text } from '@radix-ui/themes'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useSelector } from '@xstate/react'
import type { KeyboardEvent, ReactNode } from 'react'
import type { AttributeTreeSnapshot } from '../../machines/attributeTree.machine'
import { shownName } from '../../machines/attributeTree.messages'
import type { TreeNode } from '../../machines/attributeTree.shape'
import { ItemMenu } from './ItemMenu'
import { treeItemDomId, useTreeActor } from './treeActor'
import { TYPE_LABEL } from './typeLabel'

type Props = {
  node: TreeNode
  /** The row that takes Tab (roving focus): the focused one, else the selected or the first. */
  tabStop: string | null
  canWrite: boolean
  onKeyDown: (event: KeyboardEvent<HTMLElement>, node: TreeNode) => void
  onExport: (node: TreeNode) => void
  /** Its children's group, shown while the item is open (TreeGroup passes it, so neither imports the other). */
  children: ReactNode
}

/**
 * One item of the tree (WAI-ARIA treeitem): chevron, name, type, drag handle (not on roots, whose
 * order is by name) and the '…' menu; its children follow in a group when it is open.
 */
export function TreeItem({ node, tabStop, canWrite, onKeyDown, onExport, children }: Props) {
  const tree = useTreeActor()
  const expanded = useSelector(tree, (s: AttributeTreeSnapshot) =>
    s.context.expanded.includes(node.id),
  )
  const selected = useSelector(tree, (s: AttributeTreeSnapshot) => s.context.selectedId === node.id)
  const draggable = canWrite && node.parentId !== null
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({
    id: node.id,
    disabled: !draggable,
  })
  const open = expanded && node.hasChildren
  const tabbable = tabStop === node.id
  // A link can reach the cache before its key does (an import, a sync batch).
  const name = shownName(node.type === null ? undefined : node.name)
  return (
    <li
      ref={setNodeRef}
      id={treeItemDomId(node.id)}
      role="treeitem"
      aria-level={node.level}
      aria-posinset={node.index + 1}
      aria-setsize={node.siblingCount}
      aria-expanded={node.hasChildren ? open : undefined}
      aria-selected={selected}
      aria-label={name}
      tabIndex={tabbable ? 0 : -1}
      className="attribute-tree-item"
      onKeyDown={(event) => onKeyDown(event, node)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) tree.send({ type: 'tree.focus', id: node.id })
      }}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      <Flex
        align="center"
        gap="1"
        py="1"
        pr="1"
        className="attribute-tree-row"
        data-selected={selected || undefined}
        style={{ paddingLeft: `calc(${node.level - 1} * var(--space-5))` }}
        onClick={() => tree.send({ type: 'tree.select', id: node.id })}
      >
        <Box width="28px" flexShrink="0">
          {node.hasChildren && (
            <IconButton
              variant="ghost"
              color="gray"
              size="1"
              tabIndex={-1}
              aria-hidden
              // The ghost variant's negative margins would lift it off the row's centre line.
              style={{ margin: 0 }}
              onClick={(event) => {
                event.stopPropagation()
                tree.send({ type: 'tree.toggle', id: node.id })
              }}
            >
              <ChevronRightIcon
                style={{
                  transform: open ? 'rotate(90deg)' : undefined,
                  transition: 'transform 120ms',
                }}
              />
            </IconButton>
          )}
        </Box>
        <Text
          size="2"
          weight={node.parentId === null ? 'medium' : 'regular'}
          color={node.name.trim() === '' ? 'gray' : undefined}
          truncate
          style={{ flex: '1 1 auto', minWidth: 0 }}
        >
          {name}
        </Text>
        {node.type && (
          <Badge size="1" variant="soft" color={node.isContainer ? 'cyan' : 'gray'}>
            {TYPE_LABEL[node.type]}
          </Badge>
        )}
        {draggable && (
          <IconButton
            variant="ghost"
            color="gray"
            size="2"
            {...attributes}
            {...listeners}
            tabIndex={tabbable ? 0 : -1}
            aria-label={`Reorder ${name}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragHandleDots2Icon />
          </IconButton>
        )}
        <ItemMenu node={node} tabbable={tabbable} onExport={onExport} />
      </Flex>
      {open && children}
    </li>
  )
}
