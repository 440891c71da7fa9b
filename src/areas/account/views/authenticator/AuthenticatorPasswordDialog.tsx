import { useSelector } from '@xstate/react'
import type { AuthenticatorActor } from '../../machines/authenticator.machine'
import { AUTHENTICATOR_WORDS } from '../../machines/authenticator.messages'
import { PasswordPromptDialog } from '../../../../kit/views/dialog/PasswordPromptDialog'
import {
  selectBusy,
  selectCanCancel,
  selectCanSubmit,
  selectChange,
  selectDialogError,
  selectPassword,
  selectPasswordOpen,
} from './selectors'

/**
 * Every change to the app (set up, remove, new recovery codes) asks for the account password
 * first, as the 2FA and Biometric Login switches do: whoever holds a session must not move the
 * second factor.
 */
export function AuthenticatorPasswordDialog({ actor }: { actor: AuthenticatorActor }) {
  const change = useSelector(actor, selectChange)
  return (
    <PasswordPromptDialog
      open={useSelector(actor, selectPasswordOpen)}
      busy={useSelector(actor, selectBusy)}
      title={AUTHENTICATOR_WORDS.dialog[change]}
      description={AUTHENTICATOR_WORDS.dialogText[change]}
      label="Current Password"
      password={useSelector(actor, selectPassword)}
      error={useSelector(actor, selectDialogError)}
      canSubmit={useSelector(actor, selectCanSubmit)}
      canCancel={useSelector(actor, selectCanCancel)}
      onPasswordChange={(value) => actor.send({ type: 'authenticator.passwordChanged', value })}
      onSubmit={() => actor.send({ type: 'authenticator.submit' })}
      onCancel={() => actor.send({ type: 'authenticator.cancel' })}
    />
  )
}
