import { Button, Heading, Text } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import {
  forgotPasswordMachine,
  type ForgotActor,
  type ForgotSnapshot,
} from '../machines/forgotPassword.machine'
import {
  selectBusy,
  selectCanSubmit,
  selectEmail,
  selectEmailError,
  selectError,
  selectSent,
} from '../machines/forgotPassword.selectors'
import { RESET_LINK_SENT } from '../../../kit/machines/password.messages'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { FormField } from '../../../kit/views/form/FormField'
import { SubmitButton } from '../../../kit/views/form/SubmitButton'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import { SuccessCallout } from '../../../kit/views/form/SuccessCallout'

const selectForm = (s: ForgotSnapshot) => ({
  email: selectEmail(s),
  emailError: selectEmailError(s),
  busy: selectBusy(s),
  sent: selectSent(s),
  error: selectError(s),
  canSubmit: selectCanSubmit(s),
})

/** The forgot-password card (SPEC.md §2): the logo is the signed-out layout's. */
export function ForgotPasswordView({ actor }: { actor: ForgotActor }) {
  const navigate = useNavigate()
  const { email, emailError, busy, sent, error, canSubmit } = useSelector(
    actor,
    selectForm,
    shallowEqual,
  )
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'forgot.submit' })}>
      <Heading as="h1" size="6" align="center">
        Forgot Password
      </Heading>
      <Text as="p">Please enter your email address and a reset password link will be sent</Text>
      {sent && <SuccessCallout message={RESET_LINK_SENT} />}
      {error && <ErrorCallout message={error} />}
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        autoFocus
        validateOnChange
        readOnly={busy}
        value={email}
        error={emailError}
        onValueChange={(value) => actor.send({ type: 'forgot.emailChanged', value })}
      />
      <SubmitButton busy={busy} canSubmit={canSubmit}>
        Send Link
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={() => void navigate({ to: '/login' })}>
        login page
      </Button>
    </SubmitForm>
  )
}

/** /forgotPassword (also /forgotpassword). */
export function ForgotPasswordScreen() {
  const actor = useScreenActor(forgotPasswordMachine)
  return actor ? <ForgotPasswordView actor={actor} /> : null
}
