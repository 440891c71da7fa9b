import { shallowEqual, useSelector } from '@xstate/react'
import type { ContainerType, KeyNameActor, KeyNameSnapshot } from '../../machines/keyName.machine'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../../kit/views/dialog/DialogFrame'
import { FormField } from '../../../../kit/views/form/FormField'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { ErrorText } from '../../../../kit/views/form/ErrorText'

export const keyNameTitle = (type: ContainerType) =>
  type === 'ROOT' ? 'AttributeKey Trunk' : 'AttributeKey Branch'

const selectType = (s: KeyNameSnapshot) => s.context.type
const selectCanClose = (s: KeyNameSnapshot) => s.can({ type: 'keyName.close' })
const selectFields = (s: KeyNameSnapshot) => ({
  name: s.context.name,
  busy: s.hasTag('busy'),
  error: s.context.error,
  canSave: s.can({ type: 'keyName.save' }),
  canClose: selectCanClose(s),
})

/**
 * The 'AttributeKey Trunk' and 'AttributeKey Branch' dialogs (SPEC.md §2): Name, Close and Save.
 * Each opening is a fresh statechart, the tree's child, which tells the tree the saved key's id or
 * that it closed.
 */
export function KeyNameDialog({ actor }: { actor: KeyNameActor }) {
  const type = useSelector(actor, selectType)
  const canClose = useSelector(actor, selectCanClose)
  return (
    <DialogFrame
      title={keyNameTitle(type)}
      description={
        type === 'ROOT'
          ? 'A trunk is a top-level item that holds branches and leaves.'
          : 'A branch holds other branches and leaves.'
      }
      onClose={() => actor.send({ type: 'keyName.close' })}
      canClose={canClose}
      maxWidth={{ initial: '100%', xs: '480px' }}
    >
      <KeyNameFields actor={actor} />
    </DialogFrame>
  )
}

function KeyNameFields({ actor }: { actor: KeyNameActor }) {
  const { name, busy, error, canSave, canClose } = useSelector(actor, selectFields, shallowEqual)
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'keyName.save' })}>
      <FormField
        label="Name"
        autoComplete="off"
        autoFocus
        readOnly={busy}
        value={name}
        onValueChange={(value) => actor.send({ type: 'keyName.edit', value })}
      />
      <ErrorText message={error} />
      <DialogActions
        cancelLabel="Close"
        canCancel={canClose}
        onCancel={() => actor.send({ type: 'keyName.close' })}
        confirmLabel="Save"
        busy={busy}
        canConfirm={canSave}
      />
    </SubmitForm>
  )
}
