import { Box, Flex } from '@radix-ui/themes'
import { useActorRef } from '@xstate/react'
import type { AttributeTree } from '../../../schema/attribute-api'
import { attributeTreeMachine, type AttributeTreeActor } from '../../machines/attributeTree.machine'
import { shownName } from '../../machines/attributeTree.messages'
import { keyOf } from '../../machines/attributeTree.shape'
import { treeTransferMachine, type TreeTransferActor } from '../../machines/treeTransfer.machine'
import { Guarded } from '../guard/Guarded'
import { useNotifyOn } from '../notify/useNotifyOn'
import { PageHeader } from '../page/PageHeader'
import { AddMenu } from './tree/AddMenu'
import { AttributeTreeView } from './tree/AttributeTreeView'
import { TreeDialogs } from './tree/TreeDialogs'
import { TreeActorContext } from './tree/treeActor'

/** SPEC.md §2: the editor is at most 800 px wide. */
const MAX_WIDTH = '800px'

/** Hands an exported tree to the browser as a file download. */
function downloadJson(tree: AttributeTree, fileName: string) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(tree, null, 2)], { type: 'application/json' }),
  )
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

type ViewProps = { tree: AttributeTreeActor; transfer: TreeTransferActor }

/** The Attribute Editor around its statecharts; tests render it with their own. */
export function AttributesView({ tree, transfer }: ViewProps) {
  useTreeNotices(tree, transfer)
  return (
    <TreeActorContext value={tree}>
      <Box width="100%" maxWidth={MAX_WIDTH} mx="auto">
        <Flex direction="column" gap="4">
          <PageHeader title="Attribute Editor">
            <Flex ml="auto">
              <Guarded permission="attributes.write" silent>
                <AddMenu transfer={transfer} />
              </Guarded>
            </Flex>
          </PageHeader>
          <AttributeTreeView
            onExport={(node) =>
              transfer.send({ type: 'transfer.export', id: node.id, name: node.name })
            }
          />
          <TreeDialogs />
        </Flex>
      </Box>
    </TreeActorContext>
  )
}

/** Success and failure messages of the tree's changes (SPEC.md §4 'Notifications'). */
function useTreeNotices(tree: AttributeTreeActor, transfer: TreeTransferActor) {
  useNotifyOn(tree, (previous, next) => {
    type Step = 'linking' | 'reordering' | 'removing' | 'attachDialog'
    const from = (step: Step) => previous.hasTag(step) && !next.hasTag(step)
    // The cache may not hold the new link yet when its save answers; say so without a name then.
    const added = (id: string | null) => {
      const known = keyOf(next.context.data, id)?.name
      return known === undefined ? 'The new item was added' : `${shownName(known)} was added`
    }
    if (from('linking') || from('reordering'))
      return next.context.error
        ? { message: next.context.error, variant: 'error' }
        : from('linking')
          ? { message: added(next.context.selectedId), variant: 'success' }
          : null
    if (from('removing') && !next.hasTag('removeDialog'))
      return {
        message: `${shownName(keyOf(previous.context.data, previous.context.targetId)?.name)} was removed`,
        variant: 'success',
      }
    if (from('attachDialog') && next.context.selectedId !== previous.context.selectedId)
      return { message: added(next.context.selectedId), variant: 'success' }
    return null
  })
  useNotifyOn(transfer, (previous, next) => {
    if (!next.matches('idle')) return null
    if (previous.matches('exporting'))
      return next.context.error
        ? { message: `The export failed: ${next.context.error}`, variant: 'error' }
        : { message: `${shownName(next.context.root?.name)} was exported`, variant: 'success' }
    if (previous.matches('importing'))
      return next.context.error
        ? { message: `The import failed: ${next.context.error}`, variant: 'error' }
        : { message: 'The tree was imported', variant: 'success' }
    return null
  })
}

/** /attributes (SPEC.md §2 'Attributes'). */
export function AttributesPage() {
  const tree = useActorRef(attributeTreeMachine)
  const transfer = useActorRef(
    treeTransferMachine.provide({
      actions: {
        download: (_, { tree: document, fileName }) => downloadJson(document, fileName),
        showImported: (_, link) => tree.send({ type: 'tree.select', id: link.id }),
      },
    }),
  )
  return <AttributesView tree={tree} transfer={transfer} />
}
