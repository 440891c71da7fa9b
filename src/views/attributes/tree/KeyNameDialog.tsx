import { Button, Dialog, Flex } from '@radix-ui/themes'
import { useActorRef, useSelector } from '@xstate/react'
import {
  keyNameMachine,
  type ContainerType,
  type KeyNameActor,
  type KeyNameSnapshot,
} from '../../../machines/keyName.machine'
import { shownName } from '../../../machines/attributeTree.messages'
import { FormField } from '../../form/FormField'
import { useNotifyOn } from '../../notify/useNotifyOn'
import { ErrorText } from '../../profile/ErrorText'

type Props = {
  open: boolean
  /** The key edited; null for a new one of `type`. */
  keyId: string | null
  type: ContainerType
  onSave: (id: string) => void
  onClose: () => void
}

export const keyNameTitle = (type: ContainerType) =>
  type === 'ROOT' ? 'AttributeKey Trunk' : 'AttributeKey Branch'

const selectName = (s: KeyNameSnapshot) => s.context.name
const selectBusy = (s: KeyNameSnapshot) => s.hasTag('busy')
const selectError = (s: KeyNameSnapshot) => s.context.error
const selectCanSave = (s: KeyNameSnapshot) => s.can({ type: 'keyName.save' })
const selectCanClose = (s: KeyNameSnapshot) => s.can({ type: 'keyName.close' })

/**
 * The 'AttributeKey Trunk' and 'AttributeKey Branch' dialogs (SPEC.md §2): Name, Close and Save.
 * Each opening gets a fresh statechart; onSave gets the saved key's id, then the dialog closes.
 */
export function KeyNameDialog({ open, keyId, type, onSave, onClose }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
    >
      <Dialog.Content
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth={{ initial: '100%', xs: '480px' }}
      >
        <Dialog.Title>{keyNameTitle(type)}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {type === 'ROOT'
            ? 'A trunk is a top-level item that holds branches and leaves.'
            : 'A branch holds other branches and leaves.'}
        </Dialog.Description>
        {open && <KeyNameForm keyId={keyId} type={type} onSave={onSave} onClose={onClose} />}
      </Dialog.Content>
    </Dialog.Root>
  )
}

function KeyNameForm({ keyId, type, onSave, onClose }: Omit<Props, 'open'>) {
  const actor = useActorRef(
    keyNameMachine.provide({
      actions: { reportSaved: (_, id) => onSave(id), reportClosed: () => onClose() },
    }),
    { input: { keyId, type } },
  )
  return <KeyNameFields actor={actor} />
}

function KeyNameFields({ actor }: { actor: KeyNameActor }) {
  const name = useSelector(actor, selectName)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const canSave = useSelector(actor, selectCanSave)
  const canClose = useSelector(actor, selectCanClose)
  // A rename shows everywhere the key is linked; a new key is announced once it is linked.
  useNotifyOn(actor, (previous, next) =>
    !previous.matches('saved') && next.matches('saved') && next.context.keyId !== null
      ? { message: `${shownName(next.context.name)} was saved`, variant: 'success' }
      : null,
  )
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'keyName.save' })
      }}
    >
      <Flex direction="column" gap="4">
        <FormField
          label="Name"
          autoComplete="off"
          autoFocus
          readOnly={busy}
          value={name}
          onValueChange={(value) => actor.send({ type: 'keyName.edit', value })}
        />
        <ErrorText message={error} />
        <Flex gap="3" justify="end">
          <Button
            type="button"
            variant="soft"
            color="gray"
            disabled={!canClose}
            onClick={() => actor.send({ type: 'keyName.close' })}
          >
            Close
          </Button>
          <Button type="submit" loading={busy} disabled={!canSave}>
            Save
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}
