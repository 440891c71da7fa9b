import { Flex, Spinner, Switch, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId } from 'react'
import type { SelfUser } from '../../../../../schema/user'
import {
  biometricMachine,
  type BiometricActor,
  type BiometricSnapshot,
} from '../../machines/biometric.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ErrorCallout } from '../../../../kit/views/form/ErrorCallout'
import { PasswordDialog } from './PasswordDialog'

const selectView = (s: BiometricSnapshot) => ({
  checked: s.hasTag('checked'),
  busy: s.hasTag('busy'),
  canEnable: s.can({ type: 'biometric.enable' }),
  canDisable: s.can({ type: 'biometric.disable' }),
  // The dialog shows a wrong password itself; other failures show under the switch.
  error: s.hasTag('error') && !s.hasTag('open') ? s.context.error : null,
})

/** The Profile screen's 'Biometric Login' switch (SPEC.md §2 'Profile'; docs/passkeys.md). */
export function BiometricSetting({ user }: { user: SelfUser }) {
  const actor = useScreenActor(biometricMachine)
  return actor ? <BiometricSwitch actor={actor} email={user.email} /> : null
}

function BiometricSwitch({ actor, email }: { actor: BiometricActor; email: string }) {
  const hintId = useId()
  const { checked, busy, canEnable, canDisable, error } = useSelector(
    actor,
    selectView,
    shallowEqual,
  )
  return (
    <Flex direction="column" gap="2">
      <Flex gap="2" align="center">
        <Text as="label" size="2" weight="medium">
          <Flex gap="2" align="center">
            <Switch
              checked={checked}
              disabled={!(checked ? canDisable : canEnable)}
              aria-describedby={hintId}
              onCheckedChange={(on) =>
                actor.send({ type: on ? 'biometric.enable' : 'biometric.disable' })
              }
            />
            Biometric Login
          </Flex>
        </Text>
        {busy && <Spinner aria-label="Working" />}
      </Flex>
      <Text id={hintId} size="1" color="gray">
        Sign in on this device with its fingerprint, face or screen lock instead of a password.
        Turning it off removes your passkeys from every device.
      </Text>
      {error && <ErrorCallout message={error} />}
      <PasswordDialog actor={actor} email={email} />
    </Flex>
  )
}
