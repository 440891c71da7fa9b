import { PlusIcon } from '@radix-ui/react-icons'
import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { AttributeTreeSnapshot } from '../../machines/attributeTree.machine'
import { useTreeActor } from './treeActor'

const selectCanAdd = (s: AttributeTreeSnapshot) => s.can({ type: 'tree.newTrunk' })

/**
 * The first-run Attribute Editor: what attributes are, and the next step (issue 30, review item
 * 10): New Trunk for people who may write, or the Add menu's Import of an exported tree.
 */
export function EmptyTree({ canWrite }: { canWrite: boolean }) {
  const tree = useTreeActor()
  const canAdd = useSelector(tree, selectCanAdd)
  return (
    <Flex
      asChild
      direction="column"
      align="start"
      gap="3"
      p="5"
      style={{ border: '1px dashed var(--gray-a7)', borderRadius: 'var(--radius-3)' }}
    >
      <section aria-labelledby="attributes-empty-heading">
        <Heading id="attributes-empty-heading" as="h2" size="4">
          No attributes yet
        </Heading>
        <Text as="p" size="2" color="gray" style={{ maxWidth: '60ch' }}>
          Attributes are the questions a product asks, arranged as a tree: a trunk holds branches,
          and branches hold leaves, each leaf one question with its type, control and options.
        </Text>
        {canWrite ? (
          <>
            <Button disabled={!canAdd} onClick={() => tree.send({ type: 'tree.newTrunk' })}>
              <PlusIcon aria-hidden /> New Trunk
            </Button>
            <Text as="p" size="1" color="gray">
              Or import an exported tree from the Add menu.
            </Text>
          </>
        ) : (
          <Text as="p" size="2" color="gray">
            Someone who may edit attributes can create the first trunk.
          </Text>
        )}
      </section>
    </Flex>
  )
}
