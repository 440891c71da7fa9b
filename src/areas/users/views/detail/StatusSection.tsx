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
import { STATUS_WORDS } from '../../machines/userStatus.messages'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ConfirmDialog } from '../../../../kit/views/dialog/ConfirmDialog'
import { DetailSection } from './DetailSection'

/** The Status section's buttons, in this order; each shows only when it applies. */
const BUTTONS: StatusAction[] = [
  'lock',
  'unlock',
  'disable',
  'enable',
  'reset-link',
  'require-password-change',
  'mfa-off',
  'remove-passkeys',
]

const selectOpen = (s: UserStatusSnapshot) => s.hasTag('open')
const selectBusy = (s: UserStatusSnapshot) => s.hasTag('busy')
const selectError = (s: UserStatusSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectAction = (s: UserStatusSnapshot) => s.context.action
const selectCanConfirm = (s: UserStatusSnapshot) => s.can({ type: 'status.confirm' })
const selectCanCancel = (s: UserStatusSnapshot) => s.can({ type: 'status.cancel' })

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
  const open = useSelector(actor, selectOpen)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const action = useSelector(actor, selectAction)
  const canConfirm = useSelector(actor, selectCanConfirm)
  const canCancel = useSelector(actor, selectCanCancel)
  const words = STATUS_WORDS[action ?? 'lock']
  const named = { name: `${user.nameFirst} ${user.nameLast}`, email: user.email }
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      error={error}
      canConfirm={canConfirm}
      canCancel={canCancel}
      title={words.title(named)}
      text={words.text(named)}
      action={words.label}
      color={words.color}
      onConfirm={() => actor.send({ type: 'status.confirm' })}
      onCancel={() => actor.send({ type: 'status.cancel' })}
    />
  )
}
