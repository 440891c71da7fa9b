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
  const fields = [
    ['New Password', props.password, props.passwordError, props.onPasswordChange],
    ['Repeat New Password', props.repeat, props.repeatError, props.onRepeatChange],
  ] as const
  return fields.map(([label, value, error, onValueChange]) => (
    <PasswordField
      key={label}
      label={label}
      autoComplete="new-password"
      readOnly={props.busy}
      value={value}
      error={error}
      onValueChange={onValueChange}
    />
  ))
}
