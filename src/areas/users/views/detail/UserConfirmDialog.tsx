import { useSelector } from '@xstate/react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'
import type { User } from '../../../../../schema/user'
import type { Named } from '../../machines/userStatus.messages'
import { ConfirmDialog } from '../../../../kit/views/dialog/ConfirmDialog'

type ConfirmSnapshot<TEvent> = Snapshot<unknown> & {
  hasTag: (tag: 'open' | 'busy' | 'error') => boolean
  can: (event: TEvent) => boolean
  context: { error: string | null }
}

/** A detail section's chart with a confirmation: tagged `open` while it asks, `error` if it failed. */
type ConfirmActor<TEvent extends EventObject> = ActorRef<ConfirmSnapshot<TEvent>, TEvent>

/** The confirmation's words: its title and text name the user; `label` is the confirming button. */
type Words = {
  label: string
  title: (u: Named) => string
  text: (u: Named) => string
  color?: 'red'
}

type Props<TEvent extends EventObject> = {
  actor: ConfirmActor<TEvent>
  user: User
  words: Words
  confirm: TEvent
  cancel: TEvent
}

/** The alertdialog of an action on the user, its confirming button named after the action. */
export function UserConfirmDialog<TEvent extends EventObject>(props: Props<TEvent>) {
  const { actor, user, words, confirm, cancel } = props
  const open = useSelector(actor, (s) => s.hasTag('open'))
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const error = useSelector(actor, (s) =>
    s.hasTag('error') && s.hasTag('open') ? s.context.error : null,
  )
  const canConfirm = useSelector(actor, (s) => s.can(confirm))
  const canCancel = useSelector(actor, (s) => s.can(cancel))
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
      onConfirm={() => actor.send(confirm)}
      onCancel={() => actor.send(cancel)}
    />
  )
}
