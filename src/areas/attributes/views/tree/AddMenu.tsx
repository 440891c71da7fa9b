import { ChevronDownIcon, PlusIcon } from '@radix-ui/react-icons'
import { Button, DropdownMenu } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import type { AttributeTreeSnapshot } from '../../machines/attributeTree.machine'
import type { TreeTransferActor, TreeTransferSnapshot } from '../../machines/treeTransfer.machine'
import { useTreeActor } from './treeActor'

const selectCanAdd = (s: AttributeTreeSnapshot) => s.can({ type: 'tree.newTrunk' })
const selectImporting = (s: TreeTransferSnapshot) => s.hasTag('importing')
const selectCanImport = (s: TreeTransferSnapshot) =>
  s.can({ type: 'transfer.import', file: new File([], 'tree.json') })

/**
 * The header's add button (SPEC.md §2): New Trunk, Add Existing (a ROOT key at the top level) and
 * Import of an exported file.
 */
export function AddMenu({ transfer }: { transfer: TreeTransferActor }) {
  const tree = useTreeActor()
  const canAdd = useSelector(tree, selectCanAdd)
  const importing = useSelector(transfer, selectImporting)
  const canImport = useSelector(transfer, selectCanImport)
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button loading={importing} disabled={!canAdd || importing}>
            <PlusIcon /> Add <ChevronDownIcon />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Item onSelect={() => tree.send({ type: 'tree.newTrunk' })}>
            New Trunk
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => tree.send({ type: 'tree.addExisting', parentId: null })}
          >
            Add Existing
          </DropdownMenu.Item>
          <DropdownMenu.Separator />
          <DropdownMenu.Item disabled={!canImport} onSelect={() => fileInput.current?.click()}>
            Import
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        aria-label="Import an exported attribute tree"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) transfer.send({ type: 'transfer.import', file })
        }}
      />
    </>
  )
}
