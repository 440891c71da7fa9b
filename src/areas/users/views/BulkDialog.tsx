import { useSelector } from '@xstate/react'
import type { UserBulkActor, UserBulkSnapshot } from '../machines/userBulk.machine'
import { BULK_LABEL, bulkTitle } from '../machines/userBulk.messages'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'

const number = new Intl.NumberFormat('en-US')

const selectOpen = (s: UserBulkSnapshot) => s.hasTag('open')
const selectBusy = (s: UserBulkSnapshot) => s.hasTag('busy')
const selectError = (s: UserBulkSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectAction = (s: UserBulkSnapshot) => s.context.action
const selectTotal = (s: UserBulkSnapshot) => s.context.ids.length
const selectSent = (s: UserBulkSnapshot) => s.context.sent
const selectCanConfirm = (s: UserBulkSnapshot) => s.can({ type: 'bulk.confirm' })
const selectCanCancel = (s: UserBulkSnapshot) => s.can({ type: 'bulk.cancel' })

/** The bulk action's confirmation: names the action and the count, then shows the progress. */
export function BulkDialog({ bulk }: { bulk: UserBulkActor }) {
  const open = useSelector(bulk, selectOpen)
  const busy = useSelector(bulk, selectBusy)
  const error = useSelector(bulk, selectError)
  const action = useSelector(bulk, selectAction)
  const total = useSelector(bulk, selectTotal)
  const sent = useSelector(bulk, selectSent)
  const canConfirm = useSelector(bulk, selectCanConfirm)
  const canCancel = useSelector(bulk, selectCanCancel)
  if (!action) return null
  const text = busy
    ? `Working… ${number.format(sent)} of ${number.format(total)} sent.`
    : 'Users the server refuses (your own account, the last administrator) are left as they are.'
  return (
    <ConfirmDialog
      title={bulkTitle(action, total)}
      text={text}
      action={BULK_LABEL[action]}
      color={action === 'lock' || action === 'disable' ? 'red' : undefined}
      open={open}
      busy={busy}
      error={error}
      canConfirm={canConfirm}
      canCancel={canCancel}
      onConfirm={() => bulk.send({ type: 'bulk.confirm' })}
      onCancel={() => bulk.send({ type: 'bulk.cancel' })}
    />
  )
}
