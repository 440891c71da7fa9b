import { LockClosedIcon } from '../../../kit/views/icons/firstLoadIcons'
import { Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { LoginActor } from '../machines/login.machine'
import {
  selectCanUsePasskey,
  selectOfferPasskey,
  selectPasskeyBusy,
} from '../machines/login.selectors'

/**
 * 'Sign in with a passkey', on browsers where biometric login was turned on: no username needed,
 * the passkey names its account.
 */
export function PasskeyButton({ actor }: { actor: LoginActor }) {
  const offered = useSelector(actor, selectOfferPasskey)
  const canStart = useSelector(actor, selectCanUsePasskey)
  const busy = useSelector(actor, selectPasskeyBusy)
  if (!offered) return null
  return (
    <Button
      type="button"
      size="3"
      variant="soft"
      loading={busy}
      disabled={!canStart}
      onClick={() => actor.send({ type: 'passkey.start' })}
    >
      <LockClosedIcon />
      Sign in with a passkey
    </Button>
  )
}
