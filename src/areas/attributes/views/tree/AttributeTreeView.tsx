import {
  closestCenter,
  DndContext,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core'
import { InfoCircledIcon } from '@radix-ui/react-icons'
import { Box, Callout, Flex, Spinner, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useCallback, useMemo, type KeyboardEvent } from 'react'
import type { AttributeTreeSnapshot } from '../../machines/attributeTree.machine'
import {
  siblingIds,
  TREE_KEYS,
  treeKeyMove,
  visibleNodes,
  type TreeKey,
  type TreeNode,
} from '../../machines/attributeTree.shape'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { useDragSensors } from '../useDragSensors'
import { EmptyTree } from './EmptyTree'
import { TreeGroup } from './TreeGroup'
import { treeItemDomId, useTreeActor } from './treeActor'
import './tree.css'

const selectView = (s: AttributeTreeSnapshot) => ({
  loading: s.hasTag('loading'),
  failed: s.hasTag('unreadable'),
  data: s.context.data,
  expanded: s.context.expanded,
  focused: s.context.focusedId,
  selected: s.context.selectedId,
})

const focusItem = (id: string) => document.getElementById(treeItemDomId(id))?.focus()

/** dnd-kit announcements in the words of the tree. */
const ANNOUNCE = {
  onDragStart: () =>
    'Picked up. Use the arrow keys to move among siblings, Space to drop, Escape to cancel.',
  onDragOver: () => 'Moved.',
  onDragEnd: () => 'Dropped.',
  onDragCancel: () => 'Reordering cancelled.',
}

/**
 * The tree of associations (WAI-ARIA tree: one tab stop, arrows to move and open, Home and End),
 * with drag to reorder among siblings by pointer and by keyboard (the handle: Space, arrows, Space).
 */
export function AttributeTreeView({ onExport }: { onExport: (node: TreeNode) => void }) {
  const tree = useTreeActor()
  const { loading, failed, data, expanded, focused, selected } = useSelector(
    tree,
    selectView,
    shallowEqual,
  )
  const canWrite = useAccess({ permission: 'attributes.write' })
  const rows = useMemo(() => visibleNodes(data, expanded), [data, expanded])
  const tabStop =
    [focused, selected].find((id) => id && rows.some((row) => row.id === id)) ?? rows[0]?.id ?? null

  const sensors = useDragSensors()
  // Only the dragged item's siblings are places to drop it.
  const collisionDetection: CollisionDetection = useCallback(
    (args) => {
      const siblings = new Set(siblingIds(data, String(args.active.id)))
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => siblings.has(String(c.id))),
      })
    },
    [data],
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      tree.send({ type: 'tree.drop', id: String(active.id), overId: String(over.id) })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, node: TreeNode) => {
    if (event.target !== event.currentTarget) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      tree.send({ type: 'tree.select', id: node.id })
      return
    }
    if (!TREE_KEYS.includes(event.key)) return
    event.preventDefault()
    const move = treeKeyMove(rows, expanded, node.id, event.key as TreeKey)
    if (!move) return
    if ('focus' in move) {
      tree.send({ type: 'tree.focus', id: move.focus })
      focusItem(move.focus)
    } else if ('expand' in move) tree.send({ type: 'tree.expand', id: move.expand })
    else tree.send({ type: 'tree.collapse', id: move.collapse })
  }

  if (loading)
    return (
      <Flex align="center" gap="2" p="4">
        <Spinner /> <Text color="gray">Loading attributes…</Text>
      </Flex>
    )
  if (failed)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>The attributes could not be read from this browser’s data.</Callout.Text>
      </Callout.Root>
    )
  if (rows.length === 0) return <EmptyTree canWrite={canWrite} />
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: ANNOUNCE }}
    >
      <Box role="tree" aria-label="Attributes" className="attribute-tree">
        <TreeGroup
          parentId={null}
          level={1}
          tabStop={tabStop}
          canWrite={canWrite}
          onKeyDown={onKeyDown}
          onExport={onExport}
        />
      </Box>
    </DndContext>
  )
}
