import { Button, Dialog, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { TreeRef } from '../../machines/attributeTree.types'
import {
  keyDemoMachine,
  type KeyDemoActor,
  type KeyDemoSnapshot,
} from '../../machines/keyDemo.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { AttributePreview, keepEscapeInCombobox } from '../preview/AttributePreview'

type Props = {
  open: boolean
  keyId: string
  /** The tree that opened the dialog; Close tells it. */
  tree: TreeRef
}

const selectKey = (s: KeyDemoSnapshot) => s.context.key
const selectOptions = (s: KeyDemoSnapshot) => s.context.options
const selectLoading = (s: KeyDemoSnapshot) => s.hasTag('busy')
const selectMissing = (s: KeyDemoSnapshot) => s.hasTag('error')

/**
 * 'AttributeKey Demo' (SPEC.md §2): the key's preview from the cache with its live options, and a
 * Close button only. The preview can be tried out; nothing is stored.
 */
export function KeyDemoDialog({ open, keyId, tree }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) tree.send({ type: 'tree.closeDialog' })
      }}
    >
      <Dialog.Content
        onEscapeKeyDown={keepEscapeInCombobox}
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth={{ initial: '100%', xs: '640px' }}
      >
        <Dialog.Title>AttributeKey Demo</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          How this question looks to the person answering it. Nothing is stored.
        </Dialog.Description>
        {open && <DemoBody key={keyId} keyId={keyId} />}
        <Flex justify="end" mt="5">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}

function DemoBody({ keyId }: { keyId: string }) {
  const actor = useScreenActor(keyDemoMachine, { input: { keyId } })
  if (!actor) return null
  return <DemoPreview actor={actor} />
}

function DemoPreview({ actor }: { actor: KeyDemoActor }) {
  const attributeKey = useSelector(actor, selectKey)
  const options = useSelector(actor, selectOptions)
  const loading = useSelector(actor, selectLoading)
  const missing = useSelector(actor, selectMissing)
  if (loading)
    return (
      <Text as="p" color="gray">
        Loading…
      </Text>
    )
  if (missing || !attributeKey)
    return (
      <Text as="p" color="red" role="alert">
        This attribute key is not in the local data. It may have been removed.
      </Text>
    )
  return <AttributePreview attributeKey={attributeKey} options={options} />
}
