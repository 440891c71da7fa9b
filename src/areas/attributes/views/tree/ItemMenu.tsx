import {
  ArrowDownIcon,
  ArrowUpIcon,
  CardStackPlusIcon,
  DotsHorizontalIcon,
  DownloadIcon,
  EyeOpenIcon,
  FilePlusIcon,
  Link2Icon,
  LinkBreak2Icon,
  MixIcon,
  Pencil1Icon,
  ReaderIcon,
} from '@radix-ui/react-icons'
import { DropdownMenu, IconButton } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { AttributeTreeSnapshot, TreeEvent } from '../../machines/attributeTree.machine'
import type { TreeNode } from '../../machines/attributeTree.shape'
import { shownName } from '../../machines/attributeTree.messages'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { useTreeActor } from './treeActor'

/** A menu entry: a tree event, Export (the transfer statechart's) or the whole-tree demo (a page). */
type Item = {
  label: string
  event: TreeEvent | 'export' | 'demoTree'
  write: boolean
  color?: 'red'
}

/** Each entry's icon, as the user menu has them; the label says what it does. */
const ICONS: Record<string, ReactNode> = {
  Edit: <Pencil1Icon aria-hidden />,
  'New Branch': <CardStackPlusIcon aria-hidden />,
  'New Leaf': <FilePlusIcon aria-hidden />,
  'Add Existing': <Link2Icon aria-hidden />,
  'Demo Tree': <ReaderIcon aria-hidden />,
  Export: <DownloadIcon aria-hidden />,
  Demo: <EyeOpenIcon aria-hidden />,
  Conditional: <MixIcon aria-hidden />,
  'Move up': <ArrowUpIcon aria-hidden />,
  'Move down': <ArrowDownIcon aria-hidden />,
  'Remove Link': <LinkBreak2Icon aria-hidden />,
}

/** SPEC.md §2 'Tree actions by item type', with Export on roots and Move up/down for the keyboard. */
export function menuItems(node: TreeNode): (Item | 'separator')[] {
  const { id } = node
  const move: Item[] = [
    { label: 'Move up', event: { type: 'tree.move', id, offset: -1 }, write: true },
    { label: 'Move down', event: { type: 'tree.move', id, offset: 1 }, write: true },
  ]
  const remove: Item = {
    label: 'Remove Link',
    event: { type: 'tree.removeLink', id },
    write: true,
    color: 'red',
  }
  if (node.isContainer || node.type === null) {
    const root = node.parentId === null
    return [
      { label: 'Edit', event: { type: 'tree.edit', id }, write: true },
      { label: 'New Branch', event: { type: 'tree.newBranch', parentId: id }, write: true },
      { label: 'New Leaf', event: { type: 'tree.newLeaf', parentId: id }, write: true },
      { label: 'Add Existing', event: { type: 'tree.addExisting', parentId: id }, write: true },
      ...(root
        ? [
            { label: 'Demo Tree', event: 'demoTree' as const, write: false },
            { label: 'Export', event: 'export' as const, write: false },
          ]
        : ['separator' as const, ...move, 'separator' as const, remove]),
    ]
  }
  return [
    { label: 'Edit', event: { type: 'tree.edit', id }, write: true },
    { label: 'Demo', event: { type: 'tree.demo', id }, write: false },
    { label: 'Conditional', event: { type: 'tree.conditional', id }, write: true },
    'separator',
    ...move,
    'separator',
    remove,
  ]
}

const enabledItems = (s: AttributeTreeSnapshot, node: TreeNode) =>
  menuItems(node).map(
    (item) =>
      item === 'separator' ||
      item.event === 'export' ||
      item.event === 'demoTree' ||
      s.can(item.event),
  )
const sameFlags = (a: boolean[], b: boolean[]) =>
  a.length === b.length && a.every((value, index) => value === b[index])

type Props = {
  node: TreeNode
  tabbable: boolean
  /** Export is the transfer statechart's, not the tree's. */
  onExport: (node: TreeNode) => void
}

/** The '…' menu of one item; write actions hidden from people without 'attributes.write'. */
export function ItemMenu({ node, tabbable, onExport }: Props) {
  const tree = useTreeActor()
  const navigate = useNavigate()
  const canWrite = useAccess({ permission: 'attributes.write' })
  const enabled = useSelector(tree, (s: AttributeTreeSnapshot) => enabledItems(s, node), sameFlags)
  const items = menuItems(node)
  const shown = items
    .map((item, index) => ({ item, enabled: enabled[index] ?? false }))
    .filter(({ item }) => item === 'separator' || canWrite || !item.write)
  // A separator at either end or twice in a row says nothing.
  const tidy = shown.filter(
    ({ item }, index) =>
      item !== 'separator' ||
      (index > 0 && index < shown.length - 1 && shown[index + 1]?.item !== 'separator'),
  )
  if (!tidy.some(({ item }) => item !== 'separator')) return null
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton
          variant="ghost"
          color="gray"
          size="2"
          tabIndex={tabbable ? 0 : -1}
          aria-label={`Actions for ${shownName(node.type === null ? undefined : node.name)}`}
          // Its slot in the row is its own size: no ghost margins pulling it out of line.
          style={{ margin: 0 }}
        >
          <DotsHorizontalIcon />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {tidy.map(({ item, enabled }, index) =>
          item === 'separator' ? (
            <DropdownMenu.Separator key={`separator-${index}`} />
          ) : (
            <DropdownMenu.Item
              key={item.label}
              color={item.color}
              disabled={!enabled}
              onSelect={() => {
                const event = item.event
                if (event === 'export') onExport(node)
                else if (event === 'demoTree')
                  void navigate({ to: '/attributes/demo', search: { root: node.id } })
                else tree.send(event)
              }}
            >
              {ICONS[item.label]} {item.label}
            </DropdownMenu.Item>
          ),
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
