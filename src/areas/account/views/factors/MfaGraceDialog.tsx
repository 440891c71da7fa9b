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
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../../kit/views/dialog/DialogFrame'

const selectOpen = (s: MfaGraceSnapshot) => s.hasTag('open')
const selectGrace = (s: MfaGraceSnapshot) => s.context
const selectCanSetUp = (s: MfaGraceSnapshot) => s.can({ type: 'mfaGrace.setUp' })

function GraceDialog({ actor }: { actor: MfaGraceActor }) {
  const open = useSelector(actor, selectOpen)
  const { graceUntil, daysLeft } = useSelector(actor, selectGrace)
  const canAct = useSelector(actor, selectCanSetUp)
  const navigate = useNavigate()
  if (!open || !graceUntil || daysLeft === null) return null
  const later = () => actor.send({ type: 'mfaGrace.later' })
  return (
    <DialogFrame
      title={graceTitle(graceUntil, daysLeft)}
      description={graceText(graceUntil)}
      tone="plain"
      onClose={later}
      maxWidth="400px"
    >
      <DialogActions
        mt="4"
        cancelLabel="Later"
        canCancel={canAct}
        onCancel={later}
        confirmLabel="Set up now"
        canConfirm={canAct}
        onConfirm={() => {
          actor.send({ type: 'mfaGrace.setUp' })
          void navigate({ to: '/profile' })
        }}
      />
    </DialogFrame>
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
