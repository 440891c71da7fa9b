import { Flex, Spinner, Switch, Text } from '@radix-ui/themes'
import { useId, type ReactNode } from 'react'
import { ErrorText } from './ErrorText'

type Props = {
  label: ReactNode
  /** The gray line under the switch, which describes it. */
  hint: ReactNode
  checked: boolean
  disabled: boolean
  /** While the change is saved: a spinner beside the switch, named `busyLabel`. */
  busy: boolean
  busyLabel?: string
  /** Why the last change failed, or null (`children` may show it otherwise). */
  error: string | null
  onCheckedChange: (on: boolean) => void
  /** The label as a line of its own (3) or as a field's label (2, medium). */
  size?: '2' | '3'
  /** More under the switch (its password dialog). */
  children?: ReactNode
}

/** A switch saved as it turns ('Use 2 Factor Auth'): its label, a hint, and why it failed. */
export function SettingSwitch({
  label,
  hint,
  checked,
  disabled,
  busy,
  busyLabel = 'Saving',
  error,
  onCheckedChange,
  size = '2',
  children,
}: Props) {
  const hintId = useId()
  return (
    <Flex direction="column" gap="2">
      <Flex gap="3" align="center">
        <Text as="label" size={size} weight={size === '2' ? 'medium' : undefined}>
          <Flex gap="3" align="center" asChild>
            <span>
              <Switch
                checked={checked}
                disabled={disabled}
                aria-describedby={hintId}
                aria-busy={busy || undefined}
                onCheckedChange={onCheckedChange}
              />
              {label}
            </span>
          </Flex>
        </Text>
        {busy && <Spinner aria-label={busyLabel} />}
      </Flex>
      <Text id={hintId} size="1" color="gray">
        {hint}
      </Text>
      <ErrorText message={error} />
      {children}
    </Flex>
  )
}
