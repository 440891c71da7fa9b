import { Button, Dialog, Flex } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { SelfUser } from '../../../../../schema/user'
import {
  mfaGraceMachine,
  type MfaGraceActor,
  type MfaGraceSnapshot,
} from '../../machines/mfaGrace.machine'
import { graceText, graceTitle } from '../../machines/mfaGrace.messages'
import { selectUser } from '../../../../kit/session/session.selectors'
import { useSession } from '../../../../kit/views/actors/sessionContext'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'

const selectOpen = (s: MfaGraceSnapshot) => s.hasTag('open')
const selectGrace = (s: MfaGraceSnapshot) => s.context
const selectCanSetUp = (s: MfaGraceSnapshot) => s.can({ type: 'mfaGrace.setUp' })

function GraceDialog({ actor }: { actor: MfaGraceActor }) {
  const open = useSelector(actor, selectOpen)
  const { graceUntil, daysLeft } = useSelector(actor, selectGrace)
  const canAct = useSelector(actor, selectCanSetUp)
  const navigate = useNavigate()
  if (!open || !graceUntil || daysLeft === null) return null
  return (
    <Dialog.Root
      open
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'mfaGrace.later' })
      }}
    >
      <Dialog.Content maxWidth="400px">
        <Dialog.Title>{graceTitle(graceUntil, daysLeft)}</Dialog.Title>
        <Dialog.Description size="2">{graceText(graceUntil)}</Dialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Button
            type="button"
            variant="soft"
            color="gray"
            disabled={!canAct}
            onClick={() => actor.send({ type: 'mfaGrace.later' })}
          >
            Later
          </Button>
          <Button
            type="button"
            disabled={!canAct}
            onClick={() => {
              actor.send({ type: 'mfaGrace.setUp' })
              void navigate({ to: '/profile' })
            }}
          >
            Set up now
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}

function Warning({ user }: { user: SelfUser }) {
  const actor = useScreenActor(mfaGraceMachine, {
    input: { userId: user.id, graceUntil: user.mfaGraceUntil },
  })
  return actor ? <GraceDialog actor={actor} /> : null
}

/**
 * Mounted once in the signed-in frame beside the password-expiry dialog: while the policy
 * requires a second factor the user lacks, its statechart warns once per browser session, after
 * the password-expiry dialog if that one shows (docs/second-factors.md 'Profile').
 */
export function MfaGrace() {
  const user = useSelector(useSession(), selectUser)
  // Setting up a factor clears mfaGraceUntil (self.updated): the warning goes with it.
  return user?.mfaGraceUntil ? <Warning user={user} /> : null
}
