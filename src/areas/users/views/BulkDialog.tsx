import { shallowEqual, useSelector } from '@xstate/react'
import type { UserBulkActor, UserBulkSnapshot } from '../machines/userBulk.machine'
import { BULK_LABEL, bulkTitle } from '../machines/userBulk.messages'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'
import { useConfirm } from '../../../kit/views/dialog/useConfirm'

const number = new Intl.NumberFormat('en-US')

const selectProgress = (s: UserBulkSnapshot) => ({
  action: s.context.action,
  total: s.context.ids.length,
  sent: s.context.sent,
})
const CONFIRM = { type: 'bulk.confirm' } as const
const CANCEL = { type: 'bulk.cancel' } as const

/** The bulk action's confirmation: names the action and the count, then shows the progress. */
export function BulkDialog({ bulk }: { bulk: UserBulkActor }) {
  const { action, total, sent } = useSelector(bulk, selectProgress, shallowEqual)
  const dialog = useConfirm(bulk, CONFIRM, CANCEL)
  if (!action) return null
  const text = dialog.busy
    ? `Working… ${number.format(sent)} of ${number.format(total)} sent.`
    : 'Users the server refuses (your own account, the last administrator) are left as they are.'
  return (
    <ConfirmDialog
      title={bulkTitle(action, total)}
      text={text}
      action={BULK_LABEL[action]}
      color={action === 'lock' || action === 'disable' ? 'red' : undefined}
      {...dialog}
    />
  )
}
