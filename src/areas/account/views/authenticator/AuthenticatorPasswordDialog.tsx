import { shallowEqual, useSelector } from '@xstate/react'
import type {
  AuthenticatorActor,
  AuthenticatorSnapshot,
} from '../../machines/authenticator.machine'
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

/** What the prompt shows, as its props name it. */
const selectPrompt = (s: AuthenticatorSnapshot) => ({
  open: selectPasswordOpen(s),
  busy: selectBusy(s),
  password: selectPassword(s),
  error: selectDialogError(s),
  canSubmit: selectCanSubmit(s),
  canCancel: selectCanCancel(s),
})

/**
 * Every change to the app (set up, remove, new recovery codes) asks for the account password
 * first, as the 2FA and Biometric Login switches do: whoever holds a session must not move the
 * second factor.
 */
export function AuthenticatorPasswordDialog({ actor }: { actor: AuthenticatorActor }) {
  const change = useSelector(actor, selectChange)
  const prompt = useSelector(actor, selectPrompt, shallowEqual)
  return (
    <PasswordPromptDialog
      {...prompt}
      title={AUTHENTICATOR_WORDS.dialog[change]}
      description={AUTHENTICATOR_WORDS.dialogText[change]}
      label="Current Password"
      onPasswordChange={(value) => actor.send({ type: 'authenticator.passwordChanged', value })}
      onSubmit={() => actor.send({ type: 'authenticator.submit' })}
      onCancel={() => actor.send({ type: 'authenticator.cancel' })}
    />
  )
}
