import { useSelector } from '@xstate/react'
import type { TwoFactorActor, TwoFactorSnapshot } from '../machines/twoFactor.machine'
import { PasswordPromptDialog } from '../../../kit/views/dialog/PasswordPromptDialog'
import { usePasswordPrompt } from '../../../kit/views/dialog/usePasswordPrompt'

const selectTurningOn = (s: TwoFactorSnapshot) => s.hasTag('turningOn')
const PROMPT = {
  submit: { type: 'twoFactor.submit' },
  cancel: { type: 'twoFactor.cancel' },
  passwordChanged: (value: string) => ({ type: 'twoFactor.passwordChanged', value }) as const,
} as const

/**
 * The 2FA switch asks for the account password before it moves, as the Biometric Login switch
 * does: whoever holds a session must not move the second factor.
 */
export function TwoFactorPasswordDialog({ twoFactor }: { twoFactor: TwoFactorActor }) {
  const turningOn = useSelector(twoFactor, selectTurningOn)
  const prompt = usePasswordPrompt(twoFactor, PROMPT)
  return (
    <PasswordPromptDialog
      {...prompt}
      title={turningOn ? 'Turn On 2 Factor Auth' : 'Turn Off 2 Factor Auth'}
      description={
        turningOn
          ? 'Enter your password to have a security code sent to your phone at each sign-in.'
          : 'Enter your password to stop asking for a security code from your phone at sign-in.'
      }
      label="Current Password"
    />
  )
}
