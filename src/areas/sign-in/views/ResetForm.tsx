import { shallowEqual, useSelector } from '@xstate/react'
import type { ResetActor, ResetSnapshot } from '../machines/passwordReset.machine'
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

const selectForm = (s: ResetSnapshot) => ({
  email: selectEmail(s),
  emailError: selectEmailError(s),
  password: selectPassword(s),
  passwordError: selectPasswordError(s),
  repeat: selectRepeat(s),
  repeatError: selectRepeatError(s),
  error: selectError(s),
  busy: selectBusy(s),
  canSave: selectCanSave(s),
})

/** The 'Password Reset' form: the address on file as a check, and the new password twice. */
export function ResetForm({ actor }: { actor: ResetActor }) {
  const { email, emailError, error, busy, canSave, ...fields } = useSelector(
    actor,
    selectForm,
    shallowEqual,
  )
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
        {...fields}
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
