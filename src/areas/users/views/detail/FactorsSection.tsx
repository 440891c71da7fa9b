import { Button, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { User } from '../../../../../schema/user'
import {
  userFactorsMachine,
  type UserFactorsActor,
  type UserFactorsSnapshot,
} from '../../machines/userFactors.machine'
import {
  FACTOR_ORDER,
  factorTitle,
  NO_SECOND_FACTOR,
  RESET_WORDS,
} from '../../machines/userFactors.messages'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ReadFailure, Reading } from '../../../../kit/views/page/ReadStatus'
import { DetailSection } from './DetailSection'
import { factorLines } from './factorText'
import { UserConfirmDialog } from './UserConfirmDialog'

const selectFactors = (s: UserFactorsSnapshot) => s.context.factors
const selectLoading = (s: UserFactorsSnapshot) => s.hasTag('busy') && !s.hasTag('open')
const selectReadError = (s: UserFactorsSnapshot) =>
  s.hasTag('error') && !s.hasTag('open') ? s.context.error : null
const selectCanReset = (s: UserFactorsSnapshot) => s.can({ type: 'factors.reset' })
const selectOpen = (s: UserFactorsSnapshot) => s.hasTag('open')
const RESET_DIALOG = { ...RESET_WORDS, color: 'red' } as const
const CONFIRM = { type: 'factors.confirm' } as const
const CANCEL = { type: 'factors.cancel' } as const

/**
 * The user's second factors (issue 28), read from the server, and for users.write 'Reset second
 * factors'. The pane starts it afresh when the cache's copy of the user's factors changes.
 */
export function FactorsSection({ user, writable }: { user: User; writable: boolean }) {
  const actor = useScreenActor(userFactorsMachine, { input: { user } })
  return (
    <DetailSection title="Second factors">
      {actor && <FactorList actor={actor} phone={user.phone} />}
      {actor && writable && <ResetButton actor={actor} userId={user.id} />}
      {actor && writable && <ResetDialog actor={actor} user={user} />}
    </DetailSection>
  )
}

function FactorList({ actor, phone }: { actor: UserFactorsActor; phone: string | null }) {
  const factors = useSelector(actor, selectFactors)
  const loading = useSelector(actor, selectLoading)
  const error = useSelector(actor, selectReadError)
  // 'n days ago' as of when the section opened; the exact time is in each title.
  const [now] = useState(Date.now)
  if (loading) return <Reading message="Loading second factors…" />
  if (error)
    return (
      <ReadFailure
        message="The second factors could not be read"
        error={error}
        onRetry={() => actor.send({ type: 'factors.retry' })}
      />
    )
  if (!factors) return null
  if (factors.length === 0) return <Text color="gray">{NO_SECOND_FACTOR}</Text>
  const ordered = [...factors].sort(
    (a, b) => FACTOR_ORDER.indexOf(a.kind) - FACTOR_ORDER.indexOf(b.kind),
  )
  return (
    <Flex direction="column" gap="3" asChild>
      <ul aria-label="Second factors" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ordered.map((factor) => (
          <li key={factor.kind}>
            <Text as="div" size="2" weight="medium">
              {factorTitle(factor)}
            </Text>
            {factorLines(factor, phone, now).map((line) => (
              <Text as="div" size="1" color="gray" key={line.text} title={line.exact}>
                {line.text}
              </Text>
            ))}
          </li>
        ))}
      </ul>
    </Flex>
  )
}

function ResetButton({ actor, userId }: { actor: UserFactorsActor; userId: string }) {
  const can = useSelector(actor, selectCanReset)
  const open = useSelector(actor, selectOpen)
  // Only when a reset would take something (an app, codes, text messages), and while it is asked.
  if (!can && !open) return null
  return (
    <Flex>
      <Button
        variant="soft"
        color="red"
        disabled={!can}
        // After a reset the section starts afresh: the dialog gives the focus to what took its place.
        data-focus-key={`user-factors:${userId}`}
        onClick={() => actor.send({ type: 'factors.reset' })}
      >
        {RESET_WORDS.label}
      </Button>
    </Flex>
  )
}

function ResetDialog({ actor, user }: { actor: UserFactorsActor; user: User }) {
  return (
    <UserConfirmDialog
      actor={actor}
      user={user}
      words={RESET_DIALOG}
      confirm={CONFIRM}
      cancel={CANCEL}
    />
  )
}
