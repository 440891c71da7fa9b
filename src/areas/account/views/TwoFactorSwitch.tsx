import { Flex, Spinner, Switch, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { TwoFactorActor, TwoFactorSnapshot } from '../machines/twoFactor.machine'
import { ErrorText } from '../../../kit/views/form/ErrorText'
import { TwoFactorPasswordDialog } from './TwoFactorPasswordDialog'

const selectChecked = (s: TwoFactorSnapshot) => s.hasTag('checked')
const selectBusy = (s: TwoFactorSnapshot) => s.hasTag('busy')
// A wrong password shows in the dialog; other refusals show under the switch.
const selectError = (s: TwoFactorSnapshot) =>
  s.hasTag('error') && !s.hasTag('open') ? s.context.error : null
const selectCanTurnOn = (s: TwoFactorSnapshot) => s.can({ type: 'twoFactor.turnOn' })
const selectCanTurnOff = (s: TwoFactorSnapshot) => s.can({ type: 'twoFactor.turnOff' })

/**
 * 'Use 2 Factor Auth' (SPEC.md §2): offered with a phone; a change is sent once the account
 * password is given in a dialog.
 */
export function TwoFactorSwitch({ twoFactor }: { twoFactor: TwoFactorActor }) {
  const checked = useSelector(twoFactor, selectChecked)
  const busy = useSelector(twoFactor, selectBusy)
  const error = useSelector(twoFactor, selectError)
  const canTurnOn = useSelector(twoFactor, selectCanTurnOn)
  const canTurnOff = useSelector(twoFactor, selectCanTurnOff)
  const hintId = useId()
  return (
    <Flex direction="column" gap="2">
      <Flex gap="3" align="center">
        <Text as="label" size="3">
          <Flex gap="3" align="center" asChild>
            <span>
              <Switch
                checked={checked}
                disabled={checked ? !canTurnOff : !canTurnOn}
                aria-describedby={hintId}
                aria-busy={busy || undefined}
                onCheckedChange={(on) =>
                  twoFactor.send({ type: on ? 'twoFactor.turnOn' : 'twoFactor.turnOff' })
                }
              />
              Use 2 Factor Auth
            </span>
          </Flex>
        </Text>
        {busy && <Spinner aria-label="Saving" />}
      </Flex>
      <Text id={hintId} size="1" color="gray">
        Please ensure your phone number is a mobile number before turning on 2FA.
      </Text>
      <ErrorText message={error} />
      <TwoFactorPasswordDialog twoFactor={twoFactor} />
    </Flex>
  )
}
