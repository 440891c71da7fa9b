import { useSelector } from '@xstate/react'
import type { TwoFactorActor, TwoFactorSnapshot } from '../machines/twoFactor.machine'
import { PasswordPromptDialog } from '../../../kit/views/dialog/PasswordPromptDialog'

const selectOpen = (s: TwoFactorSnapshot) => s.hasTag('open')
const selectTurningOn = (s: TwoFactorSnapshot) => s.hasTag('turningOn')
const selectBusy = (s: TwoFactorSnapshot) => s.hasTag('busy')
const selectPassword = (s: TwoFactorSnapshot) => s.context.password
const selectError = (s: TwoFactorSnapshot) =>
  s.hasTag('open') && s.hasTag('error') ? s.context.error : null
const selectCanSubmit = (s: TwoFactorSnapshot) => s.can({ type: 'twoFactor.submit' })
const selectCanCancel = (s: TwoFactorSnapshot) => s.can({ type: 'twoFactor.cancel' })

/**
 * The 2FA switch asks for the account password before it moves, as the Biometric Login switch
 * does: whoever holds a session must not move the second factor.
 */
export function TwoFactorPasswordDialog({ twoFactor }: { twoFactor: TwoFactorActor }) {
  const turningOn = useSelector(twoFactor, selectTurningOn)
  return (
    <PasswordPromptDialog
      open={useSelector(twoFactor, selectOpen)}
      busy={useSelector(twoFactor, selectBusy)}
      title={turningOn ? 'Turn On 2 Factor Auth' : 'Turn Off 2 Factor Auth'}
      description="Enter your password to change where your security codes are sent."
      label="Current Password"
      password={useSelector(twoFactor, selectPassword)}
      error={useSelector(twoFactor, selectError)}
      canSubmit={useSelector(twoFactor, selectCanSubmit)}
      canCancel={useSelector(twoFactor, selectCanCancel)}
      onPasswordChange={(value) => twoFactor.send({ type: 'twoFactor.passwordChanged', value })}
      onSubmit={() => twoFactor.send({ type: 'twoFactor.submit' })}
      onCancel={() => twoFactor.send({ type: 'twoFactor.cancel' })}
    />
  )
}
