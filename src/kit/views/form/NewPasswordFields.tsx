import { PasswordField } from './PasswordField'

type Props = {
  password: string
  repeat: string
  passwordError: string | undefined
  repeatError: string | undefined
  busy: boolean
  onPasswordChange: (value: string) => void
  onRepeatChange: (value: string) => void
}

/**
 * 'New Password' and 'Repeat New Password', as the change and the reset forms ask for them
 * (SPEC.md §5): each form's chart keeps the values and says what is wrong with them.
 */
export function NewPasswordFields(props: Props) {
  return (
    <>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        readOnly={props.busy}
        value={props.password}
        error={props.passwordError}
        onValueChange={props.onPasswordChange}
      />
      <PasswordField
        label="Repeat New Password"
        autoComplete="new-password"
        readOnly={props.busy}
        value={props.repeat}
        error={props.repeatError}
        onValueChange={props.onRepeatChange}
      />
    </>
  )
}
