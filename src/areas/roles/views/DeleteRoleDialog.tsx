import { useSelector } from '@xstate/react'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'
import { useConfirm } from '../../../kit/views/dialog/useConfirm'
import { deleteWords } from '../machines/roles.messages'
import type { RolesScreenActor, RolesScreenSnapshot } from '../machines/rolesScreen.machine'
import { selectTarget } from '../machines/rolesScreen.selectors'

const selectDeleteOpen = (s: RolesScreenSnapshot) => s.hasTag('deleteDialog')

/** 'Delete {name}?', saying how many users hold the role and lose its permissions. */
export function DeleteRoleDialog({ actor }: { actor: RolesScreenActor }) {
  const dialog = useConfirm(actor, { type: 'roles.confirm' }, { type: 'roles.cancel' })
  const open = useSelector(actor, selectDeleteOpen)
  const role = useSelector(actor, selectTarget)
  const words = role ? deleteWords(role) : { title: '', text: '' }
  return (
    <ConfirmDialog
      {...dialog}
      open={open}
      title={words.title}
      text={words.text}
      action="Delete"
      color="red"
    />
  )
}
