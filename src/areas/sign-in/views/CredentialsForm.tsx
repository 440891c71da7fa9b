import { Button } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { LoginActor, LoginSnapshot } from '../machines/login.machine'
import {
  selectBusy,
  selectCanSignIn,
  selectPasskeyBusy,
  selectPassword,
  selectPasswordError,
  selectUsername,
  selectUsernameError,
} from '../machines/login.selectors'
import { FormField } from '../../../kit/views/form/FormField'
import { PasswordField } from '../../../kit/views/form/PasswordField'
import { SubmitButton } from '../../../kit/views/form/SubmitButton'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import { PasskeyButton } from './PasskeyButton'

type Props = { actor: LoginActor; focusPassword: boolean }

const selectForm = (s: LoginSnapshot) => ({
  username: selectUsername(s),
  usernameError: selectUsernameError(s),
  password: selectPassword(s),
  passwordError: selectPasswordError(s),
  busy: selectBusy(s),
  canSignIn: selectCanSignIn(s),
  passkeyBusy: selectPasskeyBusy(s),
})

/** Username and password (SPEC.md §2 'Login'). */
export function CredentialsForm({ actor, focusPassword }: Props) {
  const navigate = useNavigate()
  const { username, usernameError, password, passwordError, busy, canSignIn, passkeyBusy } =
    useSelector(actor, selectForm, shallowEqual)
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'login.submit' })}>
      <FormField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        autoFocus={!focusPassword}
        readOnly={busy}
        value={username}
        error={usernameError}
        onValueChange={(value) => actor.send({ type: 'login.usernameChanged', value })}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        autoFocus={focusPassword}
        readOnly={busy}
        value={password}
        error={passwordError}
        onValueChange={(value) => actor.send({ type: 'login.passwordChanged', value })}
      />
      <SubmitButton busy={busy && !passkeyBusy} canSubmit={canSignIn}>
        Login
      </SubmitButton>
      <PasskeyButton actor={actor} />
      <Button
        type="button"
        variant="ghost"
        onClick={() => void navigate({ to: '/forgotPassword' })}
      >
        Forgot Password?
      </Button>
    </SubmitForm>
  )
}
