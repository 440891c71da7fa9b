import { useSelector } from '@xstate/react'
import type { AttributeTreeSnapshot } from '../../machines/attributeTree.machine'
import { shownName } from '../../machines/attributeTree.messages'
import { keyOf } from '../../machines/attributeTree.shape'
import type { AttributeKeyActor } from '../../machines/attributeKey.machine'
import type { ConditionalActor } from '../../machines/conditional.machine'
import type { KeyNameActor } from '../../machines/keyName.machine'
import type { RemoveLinkActor, RemoveLinkSnapshot } from '../../machines/removeLink.machine'
import { ConfirmDialog } from '../../../../kit/views/dialog/ConfirmDialog'
import { AttachExistingDialog } from './AttachExistingDialog'
import { ConditionalDialog } from '../condition/ConditionalDialog'
import { KeyDemoDialog } from '../demo/KeyDemoDialog'
import { AttributeKeyDialog } from '../key/AttributeKeyDialog'
import { KeyNameDialog } from './KeyNameDialog'
import { useTreeActor } from './treeActor'

// The dialogs' statecharts are the tree's children while they are open.
const selectKeyName = (s: AttributeTreeSnapshot) => s.children.keyName as KeyNameActor | undefined
const selectAttributeKey = (s: AttributeTreeSnapshot) =>
  s.children.attributeKey as AttributeKeyActor | undefined
const selectConditional = (s: AttributeTreeSnapshot) =>
  s.children.conditional as ConditionalActor | undefined
const selectDemoKey = (s: AttributeTreeSnapshot) =>
  s.hasTag('demoDialog') ? (keyOf(s.context.data, s.context.targetId)?.id ?? null) : null
const selectRemoval = (s: AttributeTreeSnapshot) =>
  s.children.removeLink as RemoveLinkActor | undefined
// From the tree, so that the title keeps its name while the dialog fades out.
const selectRemoveName = (s: AttributeTreeSnapshot) =>
  shownName(keyOf(s.context.data, s.context.targetId)?.name ?? '')

/** Every dialog the tree opens; which one shows is the tree statechart's state. */
export function TreeDialogs() {
  const tree = useTreeActor()
  const keyName = useSelector(tree, selectKeyName)
  const attributeKey = useSelector(tree, selectAttributeKey)
  const demoKey = useSelector(tree, selectDemoKey)
  const conditional = useSelector(tree, selectConditional)
  const removal = useSelector(tree, selectRemoval)
  const removeName = useSelector(tree, selectRemoveName)
  return (
    <>
      {keyName && <KeyNameDialog key={keyName.sessionId} actor={keyName} />}
      {attributeKey && <AttributeKeyDialog key={attributeKey.sessionId} actor={attributeKey} />}
      {demoKey && <KeyDemoDialog open keyId={demoKey} tree={tree} />}
      {conditional && <ConditionalDialog key={conditional.sessionId} actor={conditional} />}
      <AttachExistingDialog />
      <RemoveLinkDialog removal={removal} name={removeName} />
    </>
  )
}

const selectBusy = (s: RemoveLinkSnapshot | undefined) => !!s?.hasTag('busy')
const selectError = (s: RemoveLinkSnapshot | undefined) =>
  s?.hasTag('error') ? s.context.error : null
const selectCanConfirm = (s: RemoveLinkSnapshot | undefined) => !!s?.can({ type: 'remove.confirm' })
const selectCanCancel = (s: RemoveLinkSnapshot | undefined) => !!s?.can({ type: 'remove.cancel' })

/** 'Remove {name}?' (SPEC.md §2): open while the tree's removeLink child runs. */
function RemoveLinkDialog({
  removal,
  name,
}: {
  removal: RemoveLinkActor | undefined
  name: string
}) {
  const busy = useSelector(removal, selectBusy)
  const error = useSelector(removal, selectError)
  const canConfirm = useSelector(removal, selectCanConfirm)
  const canCancel = useSelector(removal, selectCanCancel)
  return (
    <ConfirmDialog
      open={!!removal}
      title={`Remove ${name}?`}
      text={`The link to ${name} here and everything below it will be removed. The key itself stays wherever else it is linked.`}
      action="Remove Link"
      color="red"
      busy={busy}
      error={error}
      canConfirm={canConfirm}
      canCancel={canCancel}
      onConfirm={() => removal?.send({ type: 'remove.confirm' })}
      onCancel={() => removal?.send({ type: 'remove.cancel' })}
    />
  )
}
