import { Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId } from 'react'
import type { Permission } from '../../../../../schema/permissions'
import type { InviteActor, InviteSnapshot } from '../../machines/invite.machine'
import { displayPhone, inviteErrors, type InviteTextField } from '../../machines/invite.messages'
import { CreateDialog } from '../../../../kit/views/create/CreateDialog'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import {
  CreateTextFields,
  type CreateTextField,
} from '../../../../kit/views/create/CreateTextFields'
import { FormRefusal } from '../../../../kit/views/create/RefusableField'
import { selectRefusal } from '../../../../kit/views/create/refusal'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { UserTypeField } from '../UserTypeField'
import { PermissionGrid } from '../PermissionGrid'

const selectForm = (s: InviteSnapshot) => ({
  busy: s.hasTag('busy'),
  fields: s.context.fields,
  refusal: selectRefusal(s),
  canSend: s.can({ type: 'invite.submit' }),
  canCancel: s.can({ type: 'invite.cancel' }),
})

/** The text fields as the dialog labels them. */
export const INVITE_LABELS: Record<InviteTextField, string> = {
  nameFirst: 'First name',
  nameLast: 'Last name',
  email: 'Email',
  phone: 'Phone',
}

const TEXT_FIELDS: CreateTextField<InviteTextField>[] = [
  { name: 'nameFirst', label: INVITE_LABELS.nameFirst },
  { name: 'nameLast', label: INVITE_LABELS.nameLast },
  { name: 'email', label: INVITE_LABELS.email, type: 'email' },
  { name: 'phone', label: INVITE_LABELS.phone, type: 'tel', placeholder: 'Optional' },
]

/**
 * The Add User dialog: the new user's name, email, optional phone, type and permissions. The
 * user sets their own password from the invitation mail; no one else ever sees it.
 */
export function InviteDialog({ actor }: { actor: InviteActor }) {
  // Opened by the chart, not a Trigger: the focus goes back to 'Add User' when it closes.
  return (
    <CreateDialog
      actor={actor}
      close={{ type: 'invite.cancel' }}
      title="Add User"
      description="They get an email with a link to choose their password (valid for 72 hours)."
      maxWidth="560px"
    >
      <InviteForm actor={actor} />
    </CreateDialog>
  )
}

function InviteForm({ actor }: { actor: InviteActor }) {
  const { busy, fields, refusal, canSend, canCancel } = useSelector(actor, selectForm, shallowEqual)
  return (
    <SubmitForm label="Add User" onSubmit={() => actor.send({ type: 'invite.submit' })}>
      <CreateTextFields
        fields={TEXT_FIELDS}
        values={fields}
        errors={inviteErrors(fields)}
        refusal={refusal}
        busy={busy}
        onEdit={(field, value) => actor.send({ type: 'invite.edit', field, value })}
        // The phone takes Profile's '(###) ### - ####' once the field is left.
        onLeave={(field) => {
          if (field !== 'phone') return
          const shown = displayPhone(fields.phone)
          if (shown !== fields.phone) actor.send({ type: 'invite.edit', field, value: shown })
        }}
      />
      <UserTypeField
        value={fields.type}
        disabled={busy}
        onChange={(value) => actor.send({ type: 'invite.setType', value })}
      />
      <PermissionBoxes
        chosen={fields.permissions}
        disabled={busy}
        onChange={(permission, on) =>
          actor.send({ type: 'invite.togglePermission', permission, on })
        }
      />
      <FormRefusal refusal={refusal} />
      <DialogActions
        canCancel={canCancel}
        onCancel={() => actor.send({ type: 'invite.cancel' })}
        confirmLabel="Send invitation"
        canConfirm={canSend}
        busy={busy}
      />
    </SubmitForm>
  )
}

/** The permissions by area (PermissionGrid), under their heading. */
function PermissionBoxes({
  chosen,
  disabled,
  onChange,
}: {
  chosen: readonly Permission[]
  disabled: boolean
  onChange: (permission: Permission, on: boolean) => void
}) {
  const id = useId()
  return (
    <Flex direction="column" gap="2">
      <Text id={`${id}-title`} size="2" weight="medium">
        Permissions
      </Text>
      <PermissionGrid
        chosen={chosen}
        disabled={disabled}
        onChange={onChange}
        labelledBy={`${id}-title`}
      />
    </Flex>
  )
}
