import { shallowEqual, useSelector } from '@xstate/react'
import type { SelfUser } from '../../../../../schema/user'
import {
  biometricMachine,
  type BiometricActor,
  type BiometricSnapshot,
} from '../../machines/biometric.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ErrorCallout } from '../../../../kit/views/form/ErrorCallout'
import { SettingSwitch } from '../../../../kit/views/form/SettingSwitch'
import { PasswordDialog } from './PasswordDialog'

const selectView = (s: BiometricSnapshot) => ({
  checked: s.hasTag('checked'),
  busy: s.hasTag('busy'),
  // Turning it the other way is what the chart must allow.
  disabled: !s.can({ type: s.hasTag('checked') ? 'biometric.disable' : 'biometric.enable' }),
  // The dialog shows a wrong password itself; other failures show under the switch.
  error: s.hasTag('error') && !s.hasTag('open') ? s.context.error : null,
})

/** The Profile screen's 'Biometric Login' switch (SPEC.md §2 'Profile'; docs/passkeys.md). */
export function BiometricSetting({ user }: { user: SelfUser }) {
  const actor = useScreenActor(biometricMachine)
  return actor ? <BiometricSwitch actor={actor} email={user.email} /> : null
}

function BiometricSwitch({ actor, email }: { actor: BiometricActor; email: string }) {
  const { checked, busy, disabled, error } = useSelector(actor, selectView, shallowEqual)
  return (
    <SettingSwitch
      label="Biometric Login"
      hint="Sign in on this device with its fingerprint, face or screen lock instead of a password. Turning it off removes your passkeys from every device."
      checked={checked}
      disabled={disabled}
      busy={busy}
      busyLabel="Working"
      error={null}
      onCheckedChange={(on) => actor.send({ type: on ? 'biometric.enable' : 'biometric.disable' })}
    >
      {error && <ErrorCallout message={error} />}
      <PasswordDialog actor={actor} email={email} />
    </SettingSwitch>
  )
}
