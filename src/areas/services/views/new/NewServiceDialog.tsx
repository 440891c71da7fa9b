import { Button, Dialog, Flex, Grid } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { NewServiceActor, NewServiceSnapshot } from '../../machines/newService.machine'
import { newServiceErrors, type NewServiceTextField } from '../../machines/newService.messages'
import { FormField } from '../../../../kit/views/form/FormField'
import { useReturnFocus } from '../../../../kit/views/dialog/useReturnFocus'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { TimeoutField } from '../detail/TimeoutField'

const selectOpen = (s: NewServiceSnapshot) => s.hasTag('open')
const selectBusy = (s: NewServiceSnapshot) => s.hasTag('busy')
const selectFields = (s: NewServiceSnapshot) => s.context.fields
const selectRefusal = (s: NewServiceSnapshot) =>
  s.hasTag('error') ? { message: s.context.error, field: s.context.errorField } : null
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
  const open = useSelector(actor, selectOpen)
  // Opened by the chart, not a Trigger: the focus goes back to 'Add Service' when it closes.
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'newService.cancel' })
      }}
    >
      <Dialog.Content
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth={{ initial: '100%', xs: '520px' }}
        {...returnFocus}
      >
        <Dialog.Title>New Service</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Register an application that signs in through Gatehouse.
        </Dialog.Description>
        <NewServiceForm actor={actor} />
      </Dialog.Content>
    </Dialog.Root>
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
    <form
      aria-label="New Service"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'newService.create' })
      }}
    >
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          {TEXT_FIELDS.map((field, index) => (
            <Flex key={field.name} direction="column" gap="2">
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
              {refusal?.field === field.name && <ErrorText message={refusal.message} />}
            </Flex>
          ))}
        </Grid>
        <TimeoutField
          field="accessTokenTimeout"
          value={fields.accessTokenTimeout}
          disabled={busy}
          onChange={(value) =>
            actor.send({ type: 'newService.setTimeout', field: 'accessTokenTimeout', value })
          }
        />
        <TimeoutField
          field="refreshTokenTimeout"
          value={fields.refreshTokenTimeout}
          disabled={busy}
          onChange={(value) =>
            actor.send({ type: 'newService.setTimeout', field: 'refreshTokenTimeout', value })
          }
        />
        {refusal && !refusal.field && <ErrorText message={refusal.message} />}
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray" disabled={!canCancel}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={busy} disabled={!canCreate}>
            Create
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}
