import { Button, Dialog } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import {
  passwordChangeMachine,
  type ChangeActor,
  type ChangeSnapshot,
} from '../../machines/passwordChange.machine'
import type { ExpiryActor } from '../../../../kit/session/passwordExpiry.machine'
import type { SessionSnapshot } from '../../../../kit/session/session.machine'
import {
  expiryTitle,
  selectCanLater,
  selectDaysLeft,
  selectOpen,
  selectUserId,
} from '../../../../kit/session/passwordExpiry.selectors'
import { useSession } from '../../../../kit/views/actors/sessionContext'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ChangePasswordForm } from './ChangePasswordForm'

const selectBusy = (s: ChangeSnapshot) => s.hasTag('busy')

/** Why the dialog interrupts, under SPEC.md's title: the policy, and what each button does. */
export const EXPIRY_POLICY =
  'Gatehouse passwords expire after a set time to keep accounts safe. Choose a new one now, or press Later and change it before then.'

function LaterButton({ expiry, change }: { expiry: ExpiryActor; change: ChangeActor }) {
  const canLater = useSelector(expiry, selectCanLater)
  // Leaving mid-call would abort a change the server may already have made.
  const busy = useSelector(change, selectBusy)
  return (
    <Button
      type="button"
      size="3"
      variant="soft"
      color="gray"
      disabled={!canLater || busy}
      onClick={() => expiry.send({ type: 'expiry.later' })}
    >
      Later
    </Button>
  )
}

/** The 400 px dialog; its open state is the statechart's. */
export function PasswordExpiryView({ expiry }: { expiry: ExpiryActor }) {
  const open = useSelector(expiry, selectOpen)
  return open ? <ExpiryDialog expiry={expiry} /> : null
}

/**
 * The open dialog: its change form is a screen actor of its own; once the password was changed,
 * it tells the warning (a session child, by its system id), which closes.
 */
function ExpiryDialog({ expiry }: { expiry: ExpiryActor }) {
  const days = useSelector(expiry, selectDaysLeft)
  const userId = useSelector(expiry, selectUserId)
  const change = useScreenActor(passwordChangeMachine, { input: { userId } })
  return (
    <Dialog.Root
      open
      onOpenChange={(next) => {
        if (!next && !change?.getSnapshot().hasTag('busy')) expiry.send({ type: 'expiry.later' })
      }}
    >
      <Dialog.Content maxWidth="400px">
        <Dialog.Title>{expiryTitle(days)}</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          {EXPIRY_POLICY}
        </Dialog.Description>
        {change && (
          <ChangePasswordForm actor={change} leaveLabel="Close">
            <LaterButton expiry={expiry} change={change} />
          </ChangePasswordForm>
        )}
      </Dialog.Content>
    </Dialog.Root>
  )
}

const selectExpiry = (snapshot: SessionSnapshot) => snapshot.children.passwordExpiry

/**
 * Mounted once in the signed-in frame: shows the session's password-expiry child, which decided
 * when the frame first showed whether the password is due for a warning (SPEC.md §4
 * 'Password-expiry modal').
 */
export function PasswordExpiry() {
  const expiry = useSelector(useSession(), selectExpiry)
  return expiry ? <PasswordExpiryView expiry={expiry} /> : null
}
