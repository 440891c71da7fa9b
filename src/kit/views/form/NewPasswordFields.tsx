import { PasswordField } from './PasswordField'

/**
 * The new-password policy (schema/new-password.ts) in one line, under 'New Password' before the
 * first attempt, so nobody has to fail once to learn the rules.
 */
export const PASSWORD_RULES_HINT =
  '8 to 64 characters, with a lowercase letter, an uppercase letter, a number and a special character; not a commonly used password.'

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
 * (SPEC.md §5): each form's chart keeps the values and says what is wrong with them. The rules
 * show under New Password until its own error takes their place.
 */
export function NewPasswordFields(props: Props) {
  const fields = [
    [
      'New Password',
      props.password,
      props.passwordError,
      props.onPasswordChange,
      PASSWORD_RULES_HINT,
    ],
    ['Repeat New Password', props.repeat, props.repeatError, props.onRepeatChange, undefined],
  ] as const
  return fields.map(([label, value, error, onValueChange, hint]) => (
    <PasswordField
      key={label}
      label={label}
      autoComplete="new-password"
      readOnly={props.busy}
      value={value}
      error={error}
      hint={hint}
      onValueChange={onValueChange}
    />
  ))
}
