import type { BiometricActor } from '../../machines/biometric.machine'
import { PasswordPromptDialog } from '../../../../kit/views/dialog/PasswordPromptDialog'
import { usePasswordPrompt } from '../../../../kit/views/dialog/usePasswordPrompt'

const PROMPT = {
  submit: { type: 'biometric.submit' },
  cancel: { type: 'biometric.cancel' },
  passwordChanged: (value: string) => ({ type: 'biometric.passwordChanged', value }) as const,
} as const

/**
 * Enabling biometric login asks for the account password first (SPEC.md §2 'Profile'); the dialog
 * stays open, its buttons off, while the browser shows its own passkey prompt.
 */
export function PasswordDialog({ actor, email }: { actor: BiometricActor; email: string }) {
  const prompt = usePasswordPrompt(actor, PROMPT)
  return (
    <PasswordPromptDialog
      {...prompt}
      title="Turn On Biometric Login"
      description={
        <>
          Enter the password of {email}. Your browser will then ask for this device’s fingerprint,
          face or screen lock.
        </>
      }
      label="Password"
    />
  )
}
