import { Dialog } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { validatePassword } from '../../../../schema/rules'
import { PasswordField } from '../form/PasswordField'
import { ErrorCallout } from '../form/ErrorCallout'
import { SubmitForm } from '../form/SubmitForm'
import { DialogActions } from './DialogActions'
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
        <SubmitForm onSubmit={props.onSubmit}>
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
          <DialogActions
            canCancel={canCancel}
            onCancel={props.onCancel}
            confirmLabel="Continue"
            canConfirm={canSubmit}
            busy={busy}
          />
        </SubmitForm>
      </Dialog.Content>
    </Dialog.Root>
  )
}
