import { Button, Dialog, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { validatePassword } from '../../../../schema/rules'
import { PasswordField } from '../form/PasswordField'
import { ErrorCallout } from '../form/ErrorCallout'
import { useReturnFocus } from './useReturnFocus'

export interface PasswordPromptProps {
  open: boolean
  busy: boolean
  title: string
  description: ReactNode
  label: string
  password: string
  error: string | null
  canSubmit: boolean
  canCancel: boolean
  onPasswordChange: (value: string) => void
  onSubmit: () => void
  onCancel: () => void
}

/**
 * A switch that changes how the account signs in asks for the account password first (Biometric
 * Login, 2 Factor Auth). Its chart owns every value here; the dialog stays open, its buttons off,
 * while the chart is busy.
 */
export function PasswordPromptDialog(props: PasswordPromptProps) {
  const { open, busy, password, error, canSubmit, canCancel } = props
  // Opened by a switch through its chart: the focus goes back to the switch when it closes.
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) props.onCancel()
      }}
    >
      <Dialog.Content minWidth={{ initial: '0', xs: '400px' }} maxWidth="480px" {...returnFocus}>
        <Dialog.Title>{props.title}</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          {props.description}
        </Dialog.Description>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            props.onSubmit()
          }}
        >
          <Flex direction="column" gap="4">
            {error && <ErrorCallout message={error} />}
            <PasswordField
              label={props.label}
              autoComplete="current-password"
              autoFocus
              readOnly={busy}
              value={password}
              error={validatePassword(password)}
              onValueChange={props.onPasswordChange}
            />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={!canCancel}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={busy} disabled={!canSubmit}>
                Continue
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
