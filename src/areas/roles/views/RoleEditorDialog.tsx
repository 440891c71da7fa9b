import { shallowEqual, useSelector } from '@xstate/react'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { CreateTextFields, type CreateTextField } from '../../../kit/views/create/CreateTextFields'
import { FormRefusal } from '../../../kit/views/create/RefusableField'
import { selectRefusal } from '../../../kit/views/create/refusal'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import type { RoleEditorActor, RoleEditorSnapshot } from '../machines/roleEditor.machine'
import type { RolesScreenActor, RolesScreenSnapshot } from '../machines/rolesScreen.machine'
import { selectEditor } from '../machines/rolesScreen.selectors'
import { roleErrors, type RoleTextField } from '../machines/roles.messages'
import { PermissionChecks } from './PermissionChecks'

const selectForm = (s: RoleEditorSnapshot) => ({
  isNew: s.context.role === null,
  busy: s.hasTag('busy'),
  fields: s.context.fields,
  refusal: selectRefusal(s),
  canSave: s.can({ type: 'roleEditor.save' }),
  canCancel: s.can({ type: 'roleEditor.cancel' }),
})

const TEXT_FIELDS: readonly CreateTextField<RoleTextField>[] = [
  { name: 'name', label: 'Name', placeholder: 'Pharmacy help desk', hint: 'Required.' },
  {
    name: 'description',
    label: 'Description',
    placeholder: 'Optional',
    hint: 'What the role is for, in a line.',
  },
]

const selectIsNew = (s: RolesScreenSnapshot) => s.context.target === null

/**
 * New role and Edit role: Name, Description and the permissions by area; Create (or Save) once
 * there is a name and, for a role that exists, a change. The server's refusal shows in the form.
 * The dialog is open while the screen's roleEditor chart runs; the focus then goes back to the
 * button that opened it.
 */
export function RoleEditorDialog({ page }: { page: RolesScreenActor }) {
  const editor = useSelector(page, selectEditor)
  const isNew = useSelector(page, selectIsNew)
  return (
    <DialogFrame
      open={editor !== undefined}
      onClose={() => editor?.send({ type: 'roleEditor.cancel' })}
      returnFocus
      title={isNew ? 'New role' : 'Edit role'}
      description={
        isNew
          ? 'A named bundle of permissions to give people: never more than you hold yourself.'
          : 'Its holders get the changed permissions at once.'
      }
      maxWidth={{ initial: '100%', xs: '560px' }}
    >
      {editor && <RoleForm actor={editor} />}
    </DialogFrame>
  )
}

function RoleForm({ actor }: { actor: RoleEditorActor }) {
  const { isNew, busy, fields, refusal, canSave, canCancel } = useSelector(
    actor,
    selectForm,
    shallowEqual,
  )
  return (
    <SubmitForm
      label={isNew ? 'New role' : 'Edit role'}
      onSubmit={() => actor.send({ type: 'roleEditor.save' })}
    >
      <CreateTextFields
        fields={TEXT_FIELDS}
        values={fields}
        errors={roleErrors(fields)}
        refusal={refusal}
        busy={busy}
        onEdit={(field, value) => actor.send({ type: 'roleEditor.edit', field, value })}
      />
      <PermissionChecks
        chosen={fields.permissions}
        disabled={busy}
        onChange={(permission, on) => actor.send({ type: 'roleEditor.toggle', permission, on })}
      />
      <FormRefusal refusal={refusal} />
      <DialogActions
        canCancel={canCancel}
        onCancel={() => actor.send({ type: 'roleEditor.cancel' })}
        confirmLabel={isNew ? 'Create' : 'Save'}
        canConfirm={canSave}
        busy={busy}
      />
    </SubmitForm>
  )
}
