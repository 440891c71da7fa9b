import { Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { TreeRef } from '../../machines/attributeTree.types'
import {
  keyDemoMachine,
  type KeyDemoActor,
  type KeyDemoSnapshot,
} from '../../machines/keyDemo.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../../kit/views/dialog/DialogFrame'
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
  const close = () => tree.send({ type: 'tree.closeDialog' })
  return (
    <DialogFrame
      title="AttributeKey Demo"
      description="How this question looks to the person answering it. Nothing is stored."
      open={open}
      onClose={close}
      onEscapeKeyDown={keepEscapeInCombobox}
      maxWidth={{ initial: '100%', xs: '640px' }}
    >
      {open && <DemoBody key={keyId} keyId={keyId} />}
      <DialogActions mt="5" cancelLabel="Close" onCancel={close} />
    </DialogFrame>
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
