import { shallowEqual, useSelector } from '@xstate/react'
import type { TwoFactorActor, TwoFactorSnapshot } from '../machines/twoFactor.machine'
import { SettingSwitch } from '../../../kit/views/form/SettingSwitch'
import { TwoFactorPasswordDialog } from './TwoFactorPasswordDialog'

const selectView = (s: TwoFactorSnapshot) => ({
  checked: s.hasTag('checked'),
  busy: s.hasTag('busy'),
  // A wrong password shows in the dialog; other refusals show under the switch.
  error: s.hasTag('error') && !s.hasTag('open') ? s.context.error : null,
  canTurnOn: s.can({ type: 'twoFactor.turnOn' }),
  canTurnOff: s.can({ type: 'twoFactor.turnOff' }),
})

/**
 * 'Use 2 Factor Auth' (SPEC.md §2): offered with a phone; a change is sent once the account
 * password is given in a dialog.
 */
export function TwoFactorSwitch({ twoFactor }: { twoFactor: TwoFactorActor }) {
  const { checked, busy, error, canTurnOn, canTurnOff } = useSelector(
    twoFactor,
    selectView,
    shallowEqual,
  )
  return (
    <SettingSwitch
      size="3"
      label="Use 2 Factor Auth"
      hint="Please ensure your phone number is a mobile number before turning on 2FA."
      checked={checked}
      disabled={checked ? !canTurnOff : !canTurnOn}
      busy={busy}
      error={error}
      onCheckedChange={(on) =>
        twoFactor.send({ type: on ? 'twoFactor.turnOn' : 'twoFactor.turnOff' })
      }
    >
      <TwoFactorPasswordDialog twoFactor={twoFactor} />
    </SettingSwitch>
  )
}
