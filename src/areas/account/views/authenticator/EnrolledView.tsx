import { Flex, Separator, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { OwnFactorsResults } from '../../../../../schema/factors'
import type { AuthenticatorActor } from '../../machines/authenticator.machine'
import { AUTHENTICATOR_WORDS } from '../../machines/authenticator.messages'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { SoftButton } from '../../../../kit/views/form/SoftButton'
import { selectCanRegenerate, selectCanRemove } from './selectors'

type Enrolled = NonNullable<OwnFactorsResults['authenticator']>

/** The app the user has: since when, last used, Remove; and the recovery codes left. */
export function EnrolledView({
  actor,
  app,
  codesLeft,
}: {
  actor: AuthenticatorActor
  app: Enrolled
  codesLeft: number
}) {
  const canRemove = useSelector(actor, selectCanRemove)
  const canRegenerate = useSelector(actor, selectCanRegenerate)
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="center" justify="between" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium">
            Enrolled {formatDateTime(app.enrolledAt)}
          </Text>
          <Text size="2" color="gray">
            Last used {app.lastUsedAt ? formatDateTime(app.lastUsedAt) : 'Never'}
          </Text>
        </Flex>
        <SoftButton
          color="red"
          disabled={!canRemove}
          onClick={() => actor.send({ type: 'authenticator.remove' })}
        >
          Remove
        </SoftButton>
      </Flex>
      <Separator size="4" />
      <Flex gap="3" align="center" justify="between" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium">
            Recovery codes
          </Text>
          <Text size="2" color={codesLeft > 2 ? 'gray' : 'amber'}>
            {AUTHENTICATOR_WORDS.codesLeft(codesLeft)}
          </Text>
        </Flex>
        <SoftButton
          color="accent"
          disabled={!canRegenerate}
          onClick={() => actor.send({ type: 'authenticator.regenerate' })}
        >
          Regenerate
        </SoftButton>
      </Flex>
    </Flex>
  )
}
