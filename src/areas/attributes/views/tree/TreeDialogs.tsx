import { shallowEqual, useSelector } from '@xstate/react'
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

const selectView = (s: AttributeTreeSnapshot) => ({
  // The dialogs' statecharts are the tree's children while they are open.
  keyName: s.children.keyName as KeyNameActor | undefined,
  attributeKey: s.children.attributeKey as AttributeKeyActor | undefined,
  conditional: s.children.conditional as ConditionalActor | undefined,
  demoKey: s.hasTag('demoDialog') ? (keyOf(s.context.data, s.context.targetId)?.id ?? null) : null,
  removal: s.children.removeLink as RemoveLinkActor | undefined,
  // From the tree, so that the title keeps its name while the dialog fades out.
  removeName: shownName(keyOf(s.context.data, s.context.targetId)?.name ?? ''),
})

/** Every dialog the tree opens; which one shows is the tree statechart's state. */
export function TreeDialogs() {
  const tree = useTreeActor()
  const { keyName, attributeKey, demoKey, conditional, removal, removeName } = useSelector(
    tree,
    selectView,
    shallowEqual,
  )
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

/** What the confirmation shows of the removeLink child, as ConfirmDialog's props name it. */
const selectRemoval = (s: RemoveLinkSnapshot | undefined) => ({
  busy: !!s?.hasTag('busy'),
  error: s?.hasTag('error') ? s.context.error : null,
  canConfirm: !!s?.can({ type: 'remove.confirm' }),
  canCancel: !!s?.can({ type: 'remove.cancel' }),
})

/** 'Remove {name}?' (SPEC.md §2): open while the tree's removeLink child runs. */
function RemoveLinkDialog({
  removal,
  name,
}: {
  removal: RemoveLinkActor | undefined
  name: string
}) {
  const state = useSelector(removal, selectRemoval, shallowEqual)
  return (
    <ConfirmDialog
      {...state}
      open={!!removal}
      title={`Remove ${name}?`}
      text={`The link to ${name} here and everything below it will be removed. The key itself stays wherever else it is linked.`}
      action="Remove Link"
      color="red"
      onConfirm={() => removal?.send({ type: 'remove.confirm' })}
      onCancel={() => removal?.send({ type: 'remove.cancel' })}
    />
  )
}
