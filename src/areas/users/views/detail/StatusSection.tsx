import { Button, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { User } from '../../../../../schema/user'
import {
  applies,
  userStatusMachine,
  type StatusAction,
  type UserStatusActor,
  type UserStatusSnapshot,
} from '../../machines/userStatus.machine'
import { STATUS_ACTIONS, STATUS_WORDS } from '../../machines/userStatus.messages'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { DetailSection } from './DetailSection'
import { UserConfirmDialog } from './UserConfirmDialog'

/** The Status section's buttons, in this order (Revoke all is the Sessions section's). */
const BUTTONS = STATUS_ACTIONS.filter((action) => action !== 'revoke-sessions')

const selectAction = (s: UserStatusSnapshot) => s.context.action
const CONFIRM = { type: 'status.confirm' } as const
const CANCEL = { type: 'status.cancel' } as const

/** The user's status facts and the actions that apply (users.write). */
export function StatusSection({ user }: { user: User }) {
  const actor = useScreenActor(userStatusMachine, { input: { user } })
  return (
    <DetailSection title="Status">
      <Text size="2" color="gray">
        {/* The switch is text messages only; the Second factors section has every kind. */}
        Text-message codes {user.use2FA ? 'on' : 'off'} · {user.passkeys} passkey
        {user.passkeys === 1 ? '' : 's'}
      </Text>
      {actor && (
        <Flex gap="2" wrap="wrap">
          {BUTTONS.filter((action) => applies(action, user)).map((action) => (
            <StatusButton key={action} actor={actor} action={action} userId={user.id} />
          ))}
        </Flex>
      )}
      {actor && <StatusDialog actor={actor} user={user} />}
    </DetailSection>
  )
}

type ButtonProps = { actor: UserStatusActor; action: StatusAction; userId?: string }

/** One action's button, on when the chart would take the request. */
export function StatusButton({ actor, action, userId }: ButtonProps) {
  const can = useSelector(actor, (s) => s.can({ type: 'status.request', action }))
  const words = STATUS_WORDS[action]
  return (
    <Button
      variant="soft"
      color={words.color}
      disabled={!can}
      // The section starts afresh when the status changes (Lock becomes Unlock): the dialog gives
      // the focus back to the button now in its place.
      data-focus-key={`user-status:${userId ?? ''}`}
      onClick={() => actor.send({ type: 'status.request', action })}
    >
      {words.label}
    </Button>
  )
}

/** The alertdialog of the action asked for, its confirming button named after it. */
export function StatusDialog({ actor, user }: { actor: UserStatusActor; user: User }) {
  const action = useSelector(actor, selectAction)
  return (
    <UserConfirmDialog
      actor={actor}
      user={user}
      words={STATUS_WORDS[action ?? 'lock']}
      confirm={CONFIRM}
      cancel={CANCEL}
    />
  )
}
