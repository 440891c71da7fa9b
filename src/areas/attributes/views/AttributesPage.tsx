import { Box, Flex } from '@radix-ui/themes'
import { useEffect } from 'react'
import type { AttributeTree } from '../../../../schema/attribute-api'
import type { AttributeTreeActor } from '../machines/attributeTree.machine'
import { attributesPageMachine } from '../machines/attributesPage.machine'
import type { TreeTransferActor } from '../machines/treeTransfer.machine'
import { usePageParts } from '../../../kit/views/actors/usePageParts'
import { Guarded } from '../../../kit/views/guard/Guarded'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { AddMenu } from './tree/AddMenu'
import { AttributeTreeView } from './tree/AttributeTreeView'
import { TreeDialogs } from './tree/TreeDialogs'
import { TreeActorContext } from './tree/treeActor'

/** SPEC.md §2: the editor is at most 800 px wide; it starts at the left, as every page does. */
const MAX_WIDTH = '800px'

/**
 * A long tree scrolls under the title and the Add button, which stay in view. The shell's top bar
 * scrolls away today; were it to stick, it would set --shell-sticky-top to its height.
 */
const STICKY_HEADER = {
  position: 'sticky',
  top: 'var(--shell-sticky-top, 0px)',
  zIndex: 2,
  background: 'var(--color-background)',
  boxShadow: '0 1px 0 var(--gray-a4)',
  // The padding that covers the rows scrolling under it leaves the title where other pages have it.
  marginTop: 'calc(-1 * var(--space-2))',
} as const

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

/** The Attribute Editor around its statecharts. */
export function AttributesView({ tree, transfer }: ViewProps) {
  // The one thing the page does for the transfer: the browser's download (DOM).
  useEffect(() => {
    const subscription = transfer.on('download', ({ tree: document, fileName }) =>
      downloadJson(document, fileName),
    )
    return () => subscription.unsubscribe()
  }, [transfer])
  return (
    <TreeActorContext value={tree}>
      <Box width="100%" maxWidth={MAX_WIDTH}>
        <Flex direction="column" gap="4">
          <Box py="2" style={STICKY_HEADER}>
            <PageHeader title="Attribute Editor">
              <Flex ml="auto">
                <Guarded permission="attributes.write" silent>
                  <AddMenu transfer={transfer} />
                </Guarded>
              </Flex>
            </PageHeader>
          </Box>
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

/** /attributes (SPEC.md §2 'Attributes'): the page machine spawns the tree and the transfer. */
export function AttributesPage() {
  const parts = usePageParts(useScreenActor(attributesPageMachine))
  return parts ? <AttributesView {...parts} /> : null
}
