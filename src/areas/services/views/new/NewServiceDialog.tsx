import { Grid } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { NewServiceActor, NewServiceSnapshot } from '../../machines/newService.machine'
import { newServiceErrors, type NewServiceTextField } from '../../machines/newService.messages'
import { FormField } from '../../../../kit/views/form/FormField'
import { CreateDialog } from '../../../../kit/views/create/CreateDialog'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import { FormRefusal, RefusableField } from '../../../../kit/views/create/RefusableField'
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

const TEXT_FIELDS: { name: NewServiceTextField; label: string; type?: 'url' }[] = [
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
  const errors = newServiceErrors(fields)
  return (
    <SubmitForm label="New Service" onSubmit={() => actor.send({ type: 'newService.create' })}>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        {TEXT_FIELDS.map((field, index) => (
          <RefusableField key={field.name} name={field.name} refusal={refusal}>
            <FormField
              label={field.label}
              type={field.type ?? 'text'}
              autoComplete="off"
              autoFocus={index === 0}
              readOnly={busy}
              value={fields[field.name]}
              error={errors[field.name]}
              onValueChange={(value) =>
                actor.send({ type: 'newService.edit', field: field.name, value })
              }
            />
          </RefusableField>
        ))}
      </Grid>
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
