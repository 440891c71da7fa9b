import { Grid } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { NewServiceActor, NewServiceSnapshot } from '../../machines/newService.machine'
import { newServiceErrors, type NewServiceTextField } from '../../machines/newService.messages'
import { FormField } from '../../../../kit/views/form/FormField'
import { CreateActions, CreateDialog } from '../../../../kit/views/create/CreateDialog'
import { FormRefusal, RefusableField } from '../../../../kit/views/create/RefusableField'
import { selectRefusal } from '../../../../kit/views/create/refusal'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { TimeoutField } from '../detail/TimeoutField'

const selectOpen = (s: NewServiceSnapshot) => s.hasTag('open')
const selectBusy = (s: NewServiceSnapshot) => s.hasTag('busy')
const selectFields = (s: NewServiceSnapshot) => s.context.fields
const selectCanCreate = (s: NewServiceSnapshot) => s.can({ type: 'newService.create' })
const selectCanCancel = (s: NewServiceSnapshot) => s.can({ type: 'newService.cancel' })

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
  const open = useSelector(actor, selectOpen)
  return (
    <CreateDialog
      open={open}
      onCancel={() => actor.send({ type: 'newService.cancel' })}
      title="New Service"
      description="Register an application that signs in through Gatehouse."
      maxWidth="520px"
    >
      <NewServiceForm actor={actor} />
    </CreateDialog>
  )
}

function NewServiceForm({ actor }: { actor: NewServiceActor }) {
  const busy = useSelector(actor, selectBusy)
  const fields = useSelector(actor, selectFields)
  const refusal = useSelector(actor, selectRefusal)
  const canCreate = useSelector(actor, selectCanCreate)
  const canCancel = useSelector(actor, selectCanCancel)
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
      <CreateActions busy={busy} canCancel={canCancel} canSubmit={canCreate} submit="Create" />
    </SubmitForm>
  )
}
