import { shallowEqual, useSelector } from '@xstate/react'
import type { NewServiceActor, NewServiceSnapshot } from '../../machines/newService.machine'
import { newServiceErrors, type NewServiceTextField } from '../../machines/newService.messages'
import { CreateDialog } from '../../../../kit/views/create/CreateDialog'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import {
  CreateTextFields,
  type CreateTextField,
} from '../../../../kit/views/create/CreateTextFields'
import { FormRefusal } from '../../../../kit/views/create/RefusableField'
import { selectRefusal } from '../../../../kit/views/create/refusal'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { TimeoutField } from '../detail/TimeoutField'

const selectForm = (s: NewServiceSnapshot) => ({
  busy: s.hasTag('busy'),
  fields: s.context.fields,
  refusal: selectRefusal(s),
  canCreate: s.can({ type: 'newService.create' }),
  canCancel: s.can({ type: 'newService.cancel' }),
})

/** The form's text fields in the order a person fills them: what it is called, then the rest. */
const TEXT_FIELDS: readonly CreateTextField<NewServiceTextField>[] = [
  {
    name: 'name',
    label: 'Name',
    placeholder: 'CRM Desk',
    hint: 'What people see when they sign in to it.',
  },
  {
    name: 'key',
    label: 'Key',
    placeholder: 'crm-desk',
    hint: 'Required. Made from the name; letters, digits, dots, dashes, underscores.',
  },
  {
    name: 'description',
    label: 'Description',
    placeholder: 'Optional',
    hint: 'A line for staff about what it is.',
  },
  {
    name: 'url',
    label: 'Url',
    type: 'url',
    placeholder: 'https://crm.example.com',
    hint: 'Its home page. Optional.',
  },
]

/**
 * The New Service form (SPEC.md §2, §5): Name, Key (made from the name until the person types
 * one), Description, Url and the two token timeouts (1 and 30 to start with), Create and Cancel.
 * Create is on once there is a key and nothing malformed; what the server refuses shows beside the
 * field it is about, and the input stays.
 */
export function NewServiceDialog({ actor }: { actor: NewServiceActor }) {
  // Opened by the chart, not a Trigger: the focus goes back to 'Add Service' when it closes.
  return (
    <CreateDialog
      actor={actor}
      close={{ type: 'newService.cancel' }}
      title="New Service"
      description="Register an application that signs in through Gatehouse."
      maxWidth="520px"
    >
      <NewServiceForm actor={actor} />
    </CreateDialog>
  )
}

function NewServiceForm({ actor }: { actor: NewServiceActor }) {
  const { busy, fields, refusal, canCreate, canCancel } = useSelector(
    actor,
    selectForm,
    shallowEqual,
  )
  return (
    <SubmitForm label="New Service" onSubmit={() => actor.send({ type: 'newService.create' })}>
      <CreateTextFields
        fields={TEXT_FIELDS}
        values={fields}
        errors={newServiceErrors(fields)}
        refusal={refusal}
        busy={busy}
        onEdit={(field, value) => actor.send({ type: 'newService.edit', field, value })}
      />
      {(['accessTokenTimeout', 'refreshTokenTimeout'] as const).map((field) => (
        <TimeoutField
          key={field}
          field={field}
          value={fields[field]}
          disabled={busy}
          onChange={(value) => actor.send({ type: 'newService.setTimeout', field, value })}
        />
      ))}
      <FormRefusal refusal={refusal} />
      <DialogActions
        canCancel={canCancel}
        onCancel={() => actor.send({ type: 'newService.cancel' })}
        confirmLabel="Create"
        canConfirm={canCreate}
        busy={busy}
      />
    </SubmitForm>
  )
}
