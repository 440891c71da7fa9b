import { shallowEqual, useSelector } from '@xstate/react'
import { CreateDialog } from '../../../kit/views/create/CreateDialog'
import { CreateTextFields, type CreateTextField } from '../../../kit/views/create/CreateTextFields'
import { FormRefusal } from '../../../kit/views/create/RefusableField'
import { selectRefusal } from '../../../kit/views/create/refusal'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import type { GroupFormActor, GroupFormSnapshot } from '../machines/groupForm.machine'
import { groupFieldErrors, type GroupField } from '../machines/groups.messages'

const selectForm = (s: GroupFormSnapshot) => ({
  creating: s.context.group === null,
  busy: s.hasTag('busy'),
  fields: s.context.fields,
  refusal: selectRefusal(s),
  canSave: s.can({ type: 'groupForm.save' }),
  canCancel: s.can({ type: 'groupForm.cancel' }),
})

const FIELDS: readonly CreateTextField<GroupField>[] = [
  { name: 'name', label: 'Name', placeholder: 'Pharmacy staff', hint: 'Required; unique.' },
  {
    name: 'description',
    label: 'Description',
    placeholder: 'Optional',
    hint: 'A line for staff about who is in it.',
  },
]

/** New group, or Edit of one (roles.write): Name and Description, Save and Cancel. */
export function GroupFormDialog({ actor }: { actor: GroupFormActor }) {
  const { creating, busy, fields, refusal, canSave, canCancel } = useSelector(
    actor,
    selectForm,
    shallowEqual,
  )
  return (
    <CreateDialog
      actor={actor}
      close={{ type: 'groupForm.cancel' }}
      title={creating ? 'New group' : 'Edit group'}
      description={
        creating
          ? 'A named set of users. Give a role for a group, and its holder acts on its members only.'
          : 'Rename the group or change its description.'
      }
      maxWidth="520px"
    >
      <SubmitForm
        label={creating ? 'New group' : 'Edit group'}
        onSubmit={() => actor.send({ type: 'groupForm.save' })}
      >
        <CreateTextFields
          fields={FIELDS}
          values={fields}
          errors={groupFieldErrors(fields)}
          refusal={refusal}
          busy={busy}
          onEdit={(field, value) => actor.send({ type: 'groupForm.edit', field, value })}
        />
        <FormRefusal refusal={refusal} />
        <DialogActions
          canCancel={canCancel}
          onCancel={() => actor.send({ type: 'groupForm.cancel' })}
          confirmLabel={creating ? 'Create' : 'Save'}
          canConfirm={canSave}
          busy={busy}
        />
      </SubmitForm>
    </CreateDialog>
  )
}
