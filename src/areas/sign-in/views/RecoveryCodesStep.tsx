import { Button, Flex } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { LoginActor, LoginSnapshot } from '../machines/login.machine'
import {
  selectBusy,
  selectCanFinish,
  selectCodesSaved,
  selectRecoveryCodes,
  selectUsername,
} from '../machines/login.selectors'
import { RecoveryCodes } from '../../../kit/views/factors/RecoveryCodes'

const selectStep = (s: LoginSnapshot) => ({
  codes: selectRecoveryCodes(s),
  account: selectUsername(s),
  saved: selectCodesSaved(s),
  canFinish: selectCanFinish(s),
  busy: selectBusy(s),
})

/** After the enrolment at sign-in: the recovery codes, once, before the console opens. */
export function RecoveryCodesStep({ actor }: { actor: LoginActor }) {
  const { codes, account, saved, canFinish, busy } = useSelector(actor, selectStep, shallowEqual)
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
