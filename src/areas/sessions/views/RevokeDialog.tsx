import { CheckCircledIcon } from '@radix-ui/react-icons'
import { Callout } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { RevokeActor, RevokeSnapshot } from '../machines/revoke.machine'
import { ConfirmDeleteDialog } from '../../../kit/views/dialog/ConfirmDeleteDialog'

const selectOpen = (snapshot: RevokeSnapshot) => snapshot.hasTag('open')
const selectBusy = (snapshot: RevokeSnapshot) => snapshot.hasTag('busy')
const selectError = (snapshot: RevokeSnapshot) =>
  snapshot.hasTag('error') ? snapshot.context.error : null
const selectName = (snapshot: RevokeSnapshot) => snapshot.context.target?.name ?? ''
const selectCanConfirm = (snapshot: RevokeSnapshot) => snapshot.can({ type: 'revoke.confirm' })
const selectCanCancel = (snapshot: RevokeSnapshot) => snapshot.can({ type: 'revoke.cancel' })
const selectRevoked = (snapshot: RevokeSnapshot) =>
  snapshot.hasTag('revoked') ? (snapshot.context.target?.name ?? '') : null

/**
 * SPEC.md §2 'Delete confirmation dialog' for a session. Open while the revoke chart says so;
 * Cancel, Escape and a click outside all ask the chart to close it (refused while revoking).
 * Focus returns to the row's Revoke button.
 */
export function RevokeDialog({ revoke }: { revoke: RevokeActor }) {
  const open = useSelector(revoke, selectOpen)
  const busy = useSelector(revoke, selectBusy)
  const error = useSelector(revoke, selectError)
  const name = useSelector(revoke, selectName)
  const canConfirm = useSelector(revoke, selectCanConfirm)
  const canCancel = useSelector(revoke, selectCanCancel)
  return (
    <ConfirmDeleteDialog
      thing="session"
      open={open}
      busy={busy}
      error={error}
      canConfirm={canConfirm}
      canCancel={canCancel}
      onConfirm={() => revoke.send({ type: 'revoke.confirm' })}
      onCancel={() => revoke.send({ type: 'revoke.cancel' })}
      detail={`${name} will be signed out on that device.`}
    />
  )
}

/** After a revoke: which session went, until the next revoke. */
export function RevokeNotice({ revoke }: { revoke: RevokeActor }) {
  const revoked = useSelector(revoke, selectRevoked)
  if (revoked === null) return null
  return (
    <Callout.Root color="green" role="status" size="1">
      <Callout.Icon>
        <CheckCircledIcon />
      </Callout.Icon>
      <Callout.Text>The session of {revoked} was revoked.</Callout.Text>
    </Callout.Root>
  )
}
