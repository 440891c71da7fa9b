import { Separator } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { formatPhone } from '../../../../../schema/rules'
import type { User } from '../../../../../schema/user'
import { inlineEditorMachine } from '../../../../kit/machines/inlineEditor.machine'
import { personalEditors } from '../../../../kit/machines/profileEditors'
import { selectUser } from '../../../../kit/session/session.selectors'
import { useSession } from '../../../../kit/views/actors/sessionContext'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import type { EditorField } from '../../../../kit/views/form/InlineEditor'
import { InlineEditor } from '../../../../kit/views/form/InlineEditor'
import { DetailSection } from './DetailSection'

type Props = { user: User; readOnly: boolean }

const PASSWORD: EditorField = {
  name: 'password',
  label: 'Current Password',
  type: 'password',
  autoComplete: 'current-password',
}

/**
 * The user's name, email and phone with Profile's inline editors. Staff editing someone else are
 * not asked for a password; a new address waits for its owner to confirm it (pendingEmail). On
 * one's own record the editors are Profile's, password and all.
 */
export function ProfileSection({ user, readOnly }: Props) {
  const signedIn = useSelector(useSession(), selectUser)
  const isSelf = signedIn?.id === user.id
  const specs = personalEditors(isSelf)
  const name = useScreenActor(inlineEditorMachine, { input: { spec: specs.name, record: user } })
  const email = useScreenActor(inlineEditorMachine, { input: { spec: specs.email, record: user } })
  const phone = useScreenActor(inlineEditorMachine, { input: { spec: specs.phone, record: user } })
  if (!name || !email || !phone) return null
  const own = isSelf ? [PASSWORD] : []
  return (
    <DetailSection title="Profile">
      <InlineEditor
        editor={name}
        title="Name"
        display={`${user.nameFirst} ${user.nameLast}`}
        record={user}
        readOnly={readOnly}
        fields={[
          { name: 'nameFirst', label: 'First Name', autoComplete: 'off' },
          { name: 'nameLast', label: 'Last Name', autoComplete: 'off' },
        ]}
      />
      <Separator size="4" />
      <InlineEditor
        editor={email}
        title="Email"
        display={user.pendingEmail ? `${user.email} (${user.pendingEmail} to confirm)` : user.email}
        record={user}
        readOnly={readOnly}
        fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'off' }, ...own]}
      />
      <Separator size="4" />
      <InlineEditor
        editor={phone}
        title="Phone"
        display={formatPhone(user.phone)}
        record={user}
        readOnly={readOnly}
        fields={[{ name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' }, ...own]}
      />
    </DetailSection>
  )
}
