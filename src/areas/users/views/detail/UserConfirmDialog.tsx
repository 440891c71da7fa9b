import type { EventObject } from 'xstate'
import type { User } from '../../../../../schema/user'
import type { Named } from '../../machines/userStatus.messages'
import { ConfirmDialog } from '../../../../kit/views/dialog/ConfirmDialog'
import { useConfirm, type ConfirmActor } from '../../../../kit/views/dialog/useConfirm'

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
  const dialog = useConfirm(actor, confirm, cancel)
  const named = { name: `${user.nameFirst} ${user.nameLast}`, email: user.email }
  return (
    <ConfirmDialog
      {...dialog}
      title={words.title(named)}
      text={words.text(named)}
      action={words.label}
      color={words.color}
    />
  )
}
