import { useSelector } from '@xstate/react'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'
import { useConfirm } from '../../../kit/views/dialog/useConfirm'
import type { GroupDeleteActor, GroupDeleteSnapshot } from '../machines/groupDelete.machine'
import { deleteText, deleteTitle } from '../machines/groups.messages'

const selectGroup = (s: GroupDeleteSnapshot) => s.context.group
const CONFIRM = { type: 'groupDelete.confirm' } as const
const CANCEL = { type: 'groupDelete.cancel' } as const

/** 'Delete Pharmacy staff?', naming how many members leave it. */
export function GroupDeleteDialog({ actor }: { actor: GroupDeleteActor }) {
  const group = useSelector(actor, selectGroup)
  const dialog = useConfirm(actor, CONFIRM, CANCEL)
  return (
    <ConfirmDialog
      title={deleteTitle(group)}
      text={deleteText(group)}
      action="Delete"
      color="red"
      {...dialog}
    />
  )
}
