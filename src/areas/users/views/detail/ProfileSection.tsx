import { useSelector } from '@xstate/react'
import type { User } from '../../../../../schema/user'
import { inlineEditorMachine } from '../../../../kit/machines/inlineEditor.machine'
import { personalEditors } from '../../../../kit/machines/profileEditors'
import { selectUser } from '../../../../kit/session/session.selectors'
import { useSession } from '../../../../kit/views/actors/sessionContext'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { PersonalEditors } from '../../../../kit/views/form/PersonalEditors'
import { DetailSection } from './DetailSection'

type Props = { user: User; readOnly: boolean }

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
  return (
    <DetailSection title="Profile">
      <PersonalEditors
        editors={{ name, email, phone }}
        user={user}
        autoFill={false}
        askPassword={isSelf}
        showPending
        record={user}
        readOnly={readOnly}
      />
    </DetailSection>
  )
}
