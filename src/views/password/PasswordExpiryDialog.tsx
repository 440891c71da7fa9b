import { Button, Dialog } from '@radix-ui/themes'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { SelfUser } from '../../../schema/user'
import { isExpiryWarningDismissed } from '../../data/prefs/passwordExpiry'
import {
  passwordChangeMachine,
  type ChangeActor,
  type ChangeSnapshot,
} from '../../machines/passwordChange.machine'
import { passwordExpiryMachine, type ExpiryActor } from '../../machines/passwordExpiry.machine'
import {
  expiryTitle,
  selectCanLater,
  selectChange,
  selectDaysLeft,
  selectOpen,
} from '../../machines/passwordExpiry.selectors'
import { useStartup } from '../app/startupContext'
import { ChangePasswordForm } from './ChangePasswordForm'

const selectBusy = (s: ChangeSnapshot) => s.hasTag('busy')

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
  const days = useSelector(expiry, selectDaysLeft)
  const change = useSelector(expiry, selectChange)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !change?.getSnapshot().hasTag('busy')) expiry.send({ type: 'expiry.later' })
      }}
    >
      <Dialog.Content maxWidth="400px" aria-describedby={undefined}>
        <Dialog.Title>{expiryTitle(days)}</Dialog.Title>
        {change && (
          <ChangePasswordForm actor={change} leaveLabel="Close">
            <LaterButton expiry={expiry} change={change} />
          </ChangePasswordForm>
        )}
      </Dialog.Content>
    </Dialog.Root>
  )
}

/**
 * Mounted once in the signed-in frame: decides when the frame first shows whether the password is
 * due for a warning (SPEC.md §4 'Password-expiry modal').
 */
export function PasswordExpiry({ user }: { user: SelfUser }) {
  const startup = useStartup()
  // Read once: the dialog's decision belongs to the moment the frame opened.
  const [input] = useState(() => ({
    userId: user.id,
    passwordExpiresAt: user.passwordExpiresAt,
    mustChangePassword: user.mustChangePassword,
    dismissed: isExpiryWarningDismissed(user.id),
    now: Date.now(),
  }))
  const expiry = useActorRef(
    passwordExpiryMachine.provide({
      actors: {
        passwordChange: passwordChangeMachine.provide({
          actions: {
            notifyUpdated: (_, changes) => startup.send({ type: 'self.updated', changes }),
            // The dialog closes when the change flow ends; the page underneath stays.
            leave: () => {},
          },
        }),
      },
    }),
    { input },
  )
  return <PasswordExpiryView expiry={expiry} />
}
