import { CheckCircledIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import type { RevokeActor, RevokeSnapshot } from '../../machines/revoke.machine'

const selectOpen = (snapshot: RevokeSnapshot) => snapshot.hasTag('open')
const selectBusy = (snapshot: RevokeSnapshot) => snapshot.hasTag('busy')
const selectError = (snapshot: RevokeSnapshot) =>
  snapshot.hasTag('error') ? snapshot.context.error : null
const selectName = (snapshot: RevokeSnapshot) => snapshot.context.target?.name ?? ''
const selectCanConfirm = (snapshot: RevokeSnapshot) => snapshot.can({ type: 'revoke.confirm' })
const selectCanCancel = (snapshot: RevokeSnapshot) => snapshot.can({ type: 'revoke.cancel' })
const selectRevoked = (snapshot: RevokeSnapshot) =>
  snapshot.matches('done') ? (snapshot.context.target?.name ?? '') : null

/**
 * SPEC.md §2 'Delete confirmation dialog' for a session. Open while the revoke chart says so;
 * Cancel, Escape and a click outside all ask the chart to close it (refused while revoking).
 */
export function RevokeDialog({ revoke }: { revoke: RevokeActor }) {
  const open = useSelector(revoke, selectOpen)
  const busy = useSelector(revoke, selectBusy)
  const error = useSelector(revoke, selectError)
  const name = useSelector(revoke, selectName)
  const canConfirm = useSelector(revoke, selectCanConfirm)
  const canCancel = useSelector(revoke, selectCanCancel)
  // The dialog has no Trigger (each row opens it through the chart), so Radix cannot know where
  // focus came from; keep it here and return it there, to the row's Revoke button.
  const returnFocusTo = useRef<Element | null>(null)
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) revoke.send({ type: 'revoke.cancel' })
      }}
    >
      <AlertDialog.Content
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth="480px"
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          const origin = returnFocusTo.current
          if (origin instanceof HTMLElement && origin.isConnected) origin.focus()
        }}
      >
        <AlertDialog.Title>Are you sure you want to delete this session?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Deleting cannot be undone. {name} will be signed out on that device.
        </AlertDialog.Description>
        {error && (
          <Callout.Root color="red" role="alert" mt="3">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={!canCancel}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button
            color="red"
            loading={busy}
            disabled={!canConfirm}
            onClick={() => revoke.send({ type: 'revoke.confirm' })}
          >
            Delete
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
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
