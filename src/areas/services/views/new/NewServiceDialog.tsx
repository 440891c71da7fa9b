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

const TEXT_FIELDS: CreateTextField<NewServiceTextField>[] = [
  { name: 'key', label: 'Key' },
  { name: 'name', label: 'Name' },
  { name: 'description', label: 'Description' },
  { name: 'url', label: 'Url', type: 'url' },
]

/**
 * The New Service form (SPEC.md §2, §5): Key, Name, Description, Url and the two token timeouts
 * (1 and 30 to start with), Create and Cancel. Nothing is required here; what the server refuses
 * shows beside the field it is about, and the input stays.
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
