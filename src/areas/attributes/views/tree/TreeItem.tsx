import { ChevronRightIcon, DragHandleDots2Icon, MixIcon } from '@radix-ui/react-icons'
import { Badge, Box, Flex, IconButton, Text } from '@radix-ui/themes'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useSelector } from '@xstate/react'
import type { KeyboardEvent, ReactNode } from 'react'
import type { AttributeTreeSnapshot } from '../../machines/attributeTree.machine'
import { shownName } from '../../machines/attributeTree.messages'
import type { TreeNode } from '../../machines/attributeTree.shape'
import { ItemMenu } from './ItemMenu'
import { treeGroupDomId, treeItemDomId, useTreeActor } from './treeActor'
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

/** The room of a size-2 icon button: a row without a handle or menu keeps its badges in line. */
const SLOT = '32px'

/**
 * One item of the tree (WAI-ARIA treeitem): chevron, name, the conditional mark, type, drag handle
 * (not on roots, whose order is by name) and the '…' menu; its children follow in a group when it
 * is open. The treeitem is the row alone and owns its group (aria-owns): its name is the row's own
 * text, name then badges (axe label-content-name-mismatch), not the text of every item below it.
 * The list item around both moves as one when it is dragged.
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
  const domId = treeItemDomId(node.id)
  const labelledBy = [
    `${domId}-name`,
    node.conditional && `${domId}-conditional`,
    node.type && `${domId}-type`,
  ]
  return (
    <li
      ref={setNodeRef}
      role="none"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      <Flex
        id={domId}
        role="treeitem"
        aria-level={node.level}
        aria-posinset={node.index + 1}
        aria-setsize={node.siblingCount}
        aria-expanded={node.hasChildren ? open : undefined}
        aria-selected={selected}
        aria-labelledby={labelledBy.filter(Boolean).join(' ')}
        aria-owns={open ? treeGroupDomId(node.id) : undefined}
        tabIndex={tabbable ? 0 : -1}
        align="center"
        gap="1"
        py="1"
        pr="1"
        className="attribute-tree-row"
        data-selected={selected || undefined}
        style={{ paddingLeft: `calc(${node.level - 1} * var(--space-5))` }}
        onKeyDown={(event) => onKeyDown(event, node)}
        onFocus={(event) => {
          if (event.target === event.currentTarget) tree.send({ type: 'tree.focus', id: node.id })
        }}
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
        {/* The spaces between the texts keep them separate words for the name's comparison. */}
        <Text
          id={`${domId}-name`}
          size="2"
          weight={node.parentId === null ? 'medium' : 'regular'}
          color={node.name.trim() === '' ? 'gray' : undefined}
          truncate
          style={{ flex: '1 1 auto', minWidth: 0 }}
        >
          {name}
        </Text>{' '}
        {node.conditional && (
          <>
            <Badge
              id={`${domId}-conditional`}
              size="1"
              variant="outline"
              color="amber"
              // Amber 11 on a hovered or selected row's gray is 4.05:1: step 12 text reads at AA.
              highContrast
              title="Included only when an earlier answer matches its condition"
            >
              <MixIcon aria-hidden width={11} height={11} />
              Conditional
            </Badge>{' '}
          </>
        )}
        {node.type && (
          <Badge
            id={`${domId}-type`}
            size="1"
            variant="soft"
            color={node.isContainer ? 'cyan' : 'gray'}
          >
            {TYPE_LABEL[node.type]}
          </Badge>
        )}
        <Flex width={SLOT} flexShrink="0" justify="center">
          {draggable && (
            <IconButton
              variant="ghost"
              color="gray"
              size="2"
              {...attributes}
              {...listeners}
              tabIndex={tabbable ? 0 : -1}
              aria-label={`Reorder ${name}`}
              style={{ cursor: 'grab', touchAction: 'none', margin: 0 }}
            >
              <DragHandleDots2Icon />
            </IconButton>
          )}
        </Flex>
        <Flex width={SLOT} flexShrink="0" justify="center">
          <ItemMenu node={node} tabbable={tabbable} onExport={onExport} />
        </Flex>
      </Flex>
      {open && children}
    </li>
  )
}
