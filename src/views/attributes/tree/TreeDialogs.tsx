import { useSelector } from '@xstate/react'
import type { AttributeTreeSnapshot } from '../../../machines/attributeTree.machine'
import { shownName } from '../../../machines/attributeTree.messages'
import { keyOf } from '../../../machines/attributeTree.shape'
import { ConfirmDialog } from '../../dialog/ConfirmDialog'
import { AttachExistingDialog } from './AttachExistingDialog'
import { AttributeKeyDialog, ConditionalDialog, KeyDemoDialog } from './ForeignDialogs'
import { KeyNameDialog } from './KeyNameDialog'
import { useTreeActor } from './treeActor'

const selectDialog = (s: AttributeTreeSnapshot) => (s.hasTag('keyDialog') ? s.context.dialog : null)
const selectDemoKey = (s: AttributeTreeSnapshot) =>
  s.hasTag('demoDialog') ? (keyOf(s.context.data, s.context.targetId)?.id ?? null) : null
const selectConditional = (s: AttributeTreeSnapshot) =>
  s.hasTag('conditionalDialog') ? s.context.targetId : null
const selectRemoveOpen = (s: AttributeTreeSnapshot) => s.hasTag('removeDialog')
const selectRemoveName = (s: AttributeTreeSnapshot) =>
  shownName(keyOf(s.context.data, s.context.targetId)?.name ?? '')
const selectBusy = (s: AttributeTreeSnapshot) => s.hasTag('busy')
const selectRemoveError = (s: AttributeTreeSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanConfirm = (s: AttributeTreeSnapshot) => s.can({ type: 'tree.confirm' })
const selectCanCancel = (s: AttributeTreeSnapshot) => s.can({ type: 'tree.cancel' })

/** Every dialog the tree opens; which one shows is the tree statechart's state. */
export function TreeDialogs() {
  const tree = useTreeActor()
  const dialog = useSelector(tree, selectDialog)
  const demoKey = useSelector(tree, selectDemoKey)
  const conditional = useSelector(tree, selectConditional)
  const removeOpen = useSelector(tree, selectRemoveOpen)
  const removeName = useSelector(tree, selectRemoveName)
  const busy = useSelector(tree, selectBusy)
  const removeError = useSelector(tree, selectRemoveError)
  const canConfirm = useSelector(tree, selectCanConfirm)
  const canCancel = useSelector(tree, selectCanCancel)
  const onSave = (keyId: string) => tree.send({ type: 'tree.keySaved', keyId })
  const onClose = () => tree.send({ type: 'tree.closeDialog' })
  const container = dialog && dialog.kind !== 'leaf'
  return (
    <>
      <KeyNameDialog
        open={!!container}
        keyId={dialog?.keyId ?? null}
        type={dialog?.kind === 'trunk' ? 'ROOT' : 'BRANCH'}
        onSave={onSave}
        onClose={onClose}
      />
      {dialog?.kind === 'leaf' && (
        <AttributeKeyDialog open keyId={dialog.keyId} onSave={onSave} onClose={onClose} />
      )}
      {demoKey && <KeyDemoDialog open keyId={demoKey} onClose={onClose} />}
      {conditional && <ConditionalDialog open associationId={conditional} onClose={onClose} />}
      <AttachExistingDialog />
      <ConfirmDialog
        open={removeOpen}
        title={`Remove ${removeName}?`}
        text={`The link to ${removeName} here and everything below it will be removed. The key itself stays wherever else it is linked.`}
        action="Remove Link"
        color="red"
        busy={busy}
        error={removeError}
        canConfirm={canConfirm}
        canCancel={canCancel}
        onConfirm={() => tree.send({ type: 'tree.confirm' })}
        onCancel={() => tree.send({ type: 'tree.cancel' })}
      />
    </>
  )
}
