import { Button, Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { LoginActor } from '../machines/login.machine'
import {
  selectBusy,
  selectCanFinish,
  selectCodesSaved,
  selectRecoveryCodes,
  selectUsername,
} from '../machines/login.selectors'
import { RecoveryCodes } from '../../../kit/views/factors/RecoveryCodes'

/** After the enrolment at sign-in: the recovery codes, once, before the console opens. */
export function RecoveryCodesStep({ actor }: { actor: LoginActor }) {
  const codes = useSelector(actor, selectRecoveryCodes)
  const account = useSelector(actor, selectUsername)
  const saved = useSelector(actor, selectCodesSaved)
  const canFinish = useSelector(actor, selectCanFinish)
  const busy = useSelector(actor, selectBusy)
  return (
    <Flex direction="column" gap="4">
      <RecoveryCodes
        codes={codes}
        account={account}
        saved={saved}
        onSavedChange={(next) => actor.send({ type: 'codes.savedChanged', saved: next })}
      />
      <Button
        type="button"
        size="3"
        loading={busy}
        disabled={!canFinish}
        onClick={() => actor.send({ type: 'codes.done' })}
      >
        Continue
      </Button>
    </Flex>
  )
}
