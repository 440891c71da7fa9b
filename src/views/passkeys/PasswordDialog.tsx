import { Button, Dialog, Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { validatePassword } from '../../../schema/rules'
import type { BiometricActor, BiometricSnapshot } from '../../machines/biometric.machine'
import { PasswordField } from '../form/PasswordField'
import { useReturnFocus } from '../dialog/useReturnFocus'
import { ErrorCallout } from '../login/ErrorCallout'

const selectOpen = (s: BiometricSnapshot) => s.hasTag('open')
const selectBusy = (s: BiometricSnapshot) => s.hasTag('busy')
const selectPassword = (s: BiometricSnapshot) => s.context.password
const selectError = (s: BiometricSnapshot) =>
  s.matches('askingPassword') && s.hasTag('error') ? s.context.error : null
const selectCanSubmit = (s: BiometricSnapshot) => s.can({ type: 'biometric.submit' })
const selectCanCancel = (s: BiometricSnapshot) => s.can({ type: 'biometric.cancel' })

/**
 * Enabling biometric login asks for the account password first (SPEC.md §2 'Profile'); the dialog
 * stays open, its buttons off, while the browser shows its own passkey prompt.
 */
export function PasswordDialog({ actor, email }: { actor: BiometricActor; email: string }) {
  const open = useSelector(actor, selectOpen)
  const busy = useSelector(actor, selectBusy)
  const password = useSelector(actor, selectPassword)
  const error = useSelector(actor, selectError)
  const canSubmit = useSelector(actor, selectCanSubmit)
  const canCancel = useSelector(actor, selectCanCancel)
  // Opened by the switch through the chart: the focus goes back to the switch when it closes.
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'biometric.cancel' })
      }}
    >
      <Dialog.Content minWidth={{ initial: '0', xs: '400px' }} maxWidth="480px" {...returnFocus}>
        <Dialog.Title>Turn On Biometric Login</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          Enter the password of {email}. Your browser will then ask for this device’s fingerprint,
          face or screen lock.
        </Dialog.Description>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'biometric.submit' })
          }}
        >
          <Flex direction="column" gap="4">
            {error && <ErrorCallout message={error} />}
            <PasswordField
              label="Password"
              autoComplete="current-password"
              autoFocus
              readOnly={busy}
              value={password}
              error={validatePassword(password)}
              onValueChange={(value) => actor.send({ type: 'biometric.passwordChanged', value })}
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
