import { Button, Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { AuthenticatorActor } from '../../machines/authenticator.machine'
import { RecoveryCodes } from '../../../../kit/views/factors/RecoveryCodes'
import { selectCanDone, selectCodes, selectSaved } from './selectors'

/** Recovery codes, shown once: Done is on only after "I have saved these codes". */
export function CodesStep({ actor, account }: { actor: AuthenticatorActor; account: string }) {
  const codes = useSelector(actor, selectCodes)
  const saved = useSelector(actor, selectSaved)
  const canDone = useSelector(actor, selectCanDone)
  if (!codes) return null
  return (
    <Flex direction="column" gap="3">
      <RecoveryCodes
        codes={codes}
        account={account}
        saved={saved}
        onSavedChange={(value) => actor.send({ type: 'authenticator.savedChanged', value })}
      />
      <Flex>
        <Button
          type="button"
          disabled={!canDone}
          onClick={() => actor.send({ type: 'authenticator.done' })}
        >
          Done
        </Button>
      </Flex>
    </Flex>
  )
}
