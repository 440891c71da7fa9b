import { Button, Dialog, Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { validatePassword } from '../../../schema/rules'
import type { TwoFactorActor, TwoFactorSnapshot } from '../../machines/twoFactor.machine'
import { useReturnFocus } from '../dialog/useReturnFocus'
import { PasswordField } from '../form/PasswordField'
import { ErrorCallout } from '../login/ErrorCallout'

const selectOpen = (s: TwoFactorSnapshot) => s.hasTag('open')
const selectTurningOn = (s: TwoFactorSnapshot) =>
  s.matches('confirmingOn') || s.matches('turningOn')
const selectBusy = (s: TwoFactorSnapshot) => s.hasTag('busy')
const selectPassword = (s: TwoFactorSnapshot) => s.context.password
const selectError = (s: TwoFactorSnapshot) =>
  s.hasTag('open') && s.hasTag('error') ? s.context.error : null
const selectCanSubmit = (s: TwoFactorSnapshot) => s.can({ type: 'twoFactor.submit' })
const selectCanCancel = (s: TwoFactorSnapshot) => s.can({ type: 'twoFactor.cancel' })

/**
 * The 2FA switch asks for the account password before it moves (as the Biometric Login switch
 * does, views/passkeys/PasswordDialog.tsx): whoever holds a session must not move the second factor.
 */
export function TwoFactorPasswordDialog({ twoFactor }: { twoFactor: TwoFactorActor }) {
  const open = useSelector(twoFactor, selectOpen)
  const turningOn = useSelector(twoFactor, selectTurningOn)
  const busy = useSelector(twoFactor, selectBusy)
  const password = useSelector(twoFactor, selectPassword)
  const error = useSelector(twoFactor, selectError)
  const canSubmit = useSelector(twoFactor, selectCanSubmit)
  const canCancel = useSelector(twoFactor, selectCanCancel)
  // Opened by the switch through the chart: the focus goes back to the switch when it closes.
  const returnFocus = useReturnFocus(open)
  const title = turningOn ? 'Turn On 2 Factor Auth' : 'Turn Off 2 Factor Auth'
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) twoFactor.send({ type: 'twoFactor.cancel' })
      }}
    >
      <Dialog.Content minWidth={{ initial: '0', xs: '400px' }} maxWidth="480px" {...returnFocus}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          Enter your password to change where your security codes are sent.
        </Dialog.Description>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            twoFactor.send({ type: 'twoFactor.submit' })
          }}
        >
          <Flex direction="column" gap="4">
            {error && <ErrorCallout message={error} />}
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              autoFocus
              readOnly={busy}
              value={password}
              error={validatePassword(password)}
              onValueChange={(value) =>
                twoFactor.send({ type: 'twoFactor.passwordChanged', value })
              }
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
