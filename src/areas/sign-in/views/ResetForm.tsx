import { useSelector } from '@xstate/react'
import type { ResetActor } from '../machines/passwordReset.machine'
import {
  selectBusy,
  selectCanSave,
  selectEmail,
  selectEmailError,
  selectError,
  selectPassword,
  selectPasswordError,
  selectRepeat,
  selectRepeatError,
} from '../machines/passwordReset.selectors'
import { FormField } from '../../../kit/views/form/FormField'
import { SubmitButton } from '../../../kit/views/form/SubmitButton'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import { NewPasswordFields } from '../../../kit/views/form/NewPasswordFields'

/** The 'Password Reset' form: the address on file as a check, and the new password twice. */
export function ResetForm({ actor }: { actor: ResetActor }) {
  const email = useSelector(actor, selectEmail)
  const password = useSelector(actor, selectPassword)
  const repeat = useSelector(actor, selectRepeat)
  const emailError = useSelector(actor, selectEmailError)
  const passwordError = useSelector(actor, selectPasswordError)
  const repeatError = useSelector(actor, selectRepeatError)
  const error = useSelector(actor, selectError)
  const busy = useSelector(actor, selectBusy)
  const canSave = useSelector(actor, selectCanSave)
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'reset.submit' })}>
      {error && <ErrorCallout message={error} />}
      <FormField
        label="Email"
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        autoFocus
        readOnly={busy}
        value={email}
        error={emailError}
        onValueChange={(value) => actor.send({ type: 'reset.emailChanged', value })}
      />
      <NewPasswordFields
        password={password}
        repeat={repeat}
        passwordError={passwordError}
        repeatError={repeatError}
        busy={busy}
        onPasswordChange={(value) => actor.send({ type: 'reset.passwordChanged', value })}
        onRepeatChange={(value) => actor.send({ type: 'reset.repeatChanged', value })}
      />
      <SubmitButton busy={busy} canSubmit={canSave}>
        Save Password
      </SubmitButton>
    </SubmitForm>
  )
}
