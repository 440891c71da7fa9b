import { useSelector } from '@xstate/react'
import type { BiometricActor, BiometricSnapshot } from '../../machines/biometric.machine'
import { PasswordPromptDialog } from '../../../../kit/views/dialog/PasswordPromptDialog'

const selectOpen = (s: BiometricSnapshot) => s.hasTag('open')
const selectBusy = (s: BiometricSnapshot) => s.hasTag('busy')
const selectPassword = (s: BiometricSnapshot) => s.context.password
const selectError = (s: BiometricSnapshot) =>
  s.hasTag('open') && s.hasTag('error') ? s.context.error : null
const selectCanSubmit = (s: BiometricSnapshot) => s.can({ type: 'biometric.submit' })
const selectCanCancel = (s: BiometricSnapshot) => s.can({ type: 'biometric.cancel' })

/**
 * Enabling biometric login asks for the account password first (SPEC.md §2 'Profile'); the dialog
 * stays open, its buttons off, while the browser shows its own passkey prompt.
 */
export function PasswordDialog({ actor, email }: { actor: BiometricActor; email: string }) {
  return (
    <PasswordPromptDialog
      open={useSelector(actor, selectOpen)}
      busy={useSelector(actor, selectBusy)}
      title="Turn On Biometric Login"
      description={
        <>
          Enter the password of {email}. Your browser will then ask for this device’s fingerprint,
          face or screen lock.
        </>
      }
      label="Password"
      password={useSelector(actor, selectPassword)}
      error={useSelector(actor, selectError)}
      canSubmit={useSelector(actor, selectCanSubmit)}
      canCancel={useSelector(actor, selectCanCancel)}
      onPasswordChange={(value) => actor.send({ type: 'biometric.passwordChanged', value })}
      onSubmit={() => actor.send({ type: 'biometric.submit' })}
      onCancel={() => actor.send({ type: 'biometric.cancel' })}
    />
  )
}
