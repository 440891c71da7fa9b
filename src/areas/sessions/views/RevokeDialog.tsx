import { CheckCircledIcon } from '@radix-ui/react-icons'
import { Callout } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { RevokeActor, RevokeSnapshot } from '../machines/revoke.machine'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'
import { useConfirm } from '../../../kit/views/dialog/useConfirm'

const selectName = (snapshot: RevokeSnapshot) => snapshot.context.target?.name ?? ''
const CONFIRM = { type: 'revoke.confirm' } as const
const CANCEL = { type: 'revoke.cancel' } as const
const selectRevoked = (snapshot: RevokeSnapshot) =>
  snapshot.hasTag('revoked') ? (snapshot.context.target?.name ?? '') : null

/**
 * The revoke confirmation of a session, shaped like SPEC.md §2 'Delete confirmation dialog' (a
 * question, what follows, Cancel and the red action) but in its own words: revoking signs the
 * person out, it deletes nothing of theirs. Open while the revoke chart says so; Cancel, Escape and
 * a click outside all ask the chart to close it (refused while revoking). Focus returns to the
 * row's Revoke button.
 */
export function RevokeDialog({ revoke }: { revoke: RevokeActor }) {
  const dialog = useConfirm(revoke, CONFIRM, CANCEL)
  const name = useSelector(revoke, selectName)
  return (
    <ConfirmDialog
      {...dialog}
      title="Are you sure you want to revoke this session?"
      text={`${name} will be signed out on that device and must sign in again there.`}
      action="Revoke"
      color="red"
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
