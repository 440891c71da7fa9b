import { Flex, Separator, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
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
      <ActionRow
        title={`Enrolled ${formatDateTime(app.enrolledAt)}`}
        detail={`Last used ${app.lastUsedAt ? formatDateTime(app.lastUsedAt) : 'Never'}`}
      >
        <SoftButton
          color="red"
          disabled={!canRemove}
          onClick={() => actor.send({ type: 'authenticator.remove' })}
        >
          Remove
        </SoftButton>
      </ActionRow>
      <Separator size="4" />
      <ActionRow
        title="Recovery codes"
        detail={AUTHENTICATOR_WORDS.codesLeft(codesLeft)}
        detailColor={codesLeft > 2 ? 'gray' : 'amber'}
      >
        <SoftButton
          color="accent"
          disabled={!canRegenerate}
          onClick={() => actor.send({ type: 'authenticator.regenerate' })}
        >
          Regenerate
        </SoftButton>
      </ActionRow>
    </Flex>
  )
}

type RowProps = {
  title: string
  detail: string
  detailColor?: 'gray' | 'amber'
  /** The row's button, at its end. */
  children: ReactNode
}

/** What the user has (the app, the codes): a title, a line about it, and what can be done. */
function ActionRow({ title, detail, detailColor = 'gray', children }: RowProps) {
  return (
    <Flex gap="3" align="center" justify="between" wrap="wrap">
      <Flex direction="column" gap="1">
        <Text size="2" weight="medium">
          {title}
        </Text>
        <Text size="2" color={detailColor}>
          {detail}
        </Text>
      </Flex>
      {children}
    </Flex>
  )
}
