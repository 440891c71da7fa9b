import { Separator } from '@radix-ui/themes'
import { formatPhone } from '../../../../schema/rules'
import type { User } from '../../../../schema/user'
import type { EditorActor } from '../../machines/inlineEditor.machine'
import { InlineEditor, type EditorField } from './InlineEditor'

type Props = {
  editors: { name: EditorActor; email: EditorActor; phone: EditorActor }
  user: User
  /** One's own Profile: the browser may fill the fields from what it knows of its user. */
  autoFill: boolean
  /** A change of email or phone asks for the account's current password. */
  askPassword: boolean
  /** The email row shows an address that waits for its owner to confirm it. */
  showPending?: boolean
  /** A record's page: editing starts from the freshest copy; read-only rows have no edit icon. */
  record?: User
  readOnly?: boolean
}

const CURRENT_PASSWORD: EditorField = {
  name: 'password',
  label: 'Current Password',
  type: 'password',
  autoComplete: 'current-password',
}

const AUTO_FILL = {
  nameFirst: 'given-name',
  nameLast: 'family-name',
  email: 'email',
  phone: 'tel-national',
} as const

/**
 * A person's Name, Email and Phone as inline editors, a separator between each: Profile's
 * 'Personal Info' (SPEC.md §2) and a user's detail.
 */
export function PersonalEditors({
  editors,
  user,
  autoFill,
  askPassword,
  showPending,
  record,
  readOnly,
}: Props) {
  const autoComplete = (name: keyof typeof AUTO_FILL) => (autoFill ? AUTO_FILL[name] : 'off')
  const password = askPassword ? [CURRENT_PASSWORD] : []
  const shared = { record, readOnly }
  return (
    <>
      <InlineEditor
        {...shared}
        editor={editors.name}
        title="Name"
        display={`${user.nameFirst} ${user.nameLast}`}
        fields={[
          { name: 'nameFirst', label: 'First Name', autoComplete: autoComplete('nameFirst') },
          { name: 'nameLast', label: 'Last Name', autoComplete: autoComplete('nameLast') },
        ]}
      />
      <Separator size="4" />
      <InlineEditor
        {...shared}
        editor={editors.email}
        title="Email"
        display={
          showPending && user.pendingEmail
            ? `${user.email} (${user.pendingEmail} to confirm)`
            : user.email
        }
        fields={[
          { name: 'email', label: 'Email', type: 'email', autoComplete: autoComplete('email') },
          ...password,
        ]}
      />
      <Separator size="4" />
      <InlineEditor
        {...shared}
        editor={editors.phone}
        title="Phone"
        display={formatPhone(user.phone)}
        fields={[
          { name: 'phone', label: 'Phone', type: 'tel', autoComplete: autoComplete('phone') },
          ...password,
        ]}
      />
    </>
  )
}
