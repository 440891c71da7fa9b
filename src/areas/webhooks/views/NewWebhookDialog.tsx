import { shallowEqual, useSelector } from '@xstate/react'
import type { NewWebhookActor, NewWebhookSnapshot } from '../machines/newWebhook.machine'
import {
  selectNewBusy,
  selectNewCanCancel,
  selectNewCanCreate,
  selectNewCreated,
  selectNewFields,
  selectNewOpen,
  selectNewRefusal,
  selectNewSecretOpen,
} from '../machines/webhooks.selectors'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { ErrorText } from '../../../kit/views/form/ErrorText'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import { endpointName } from '../machines/webhook.messages'
import { SecretDialog } from './SecretDialog'
import { WebhookFormFields } from './WebhookFormFields'

const selectForm = (s: NewWebhookSnapshot) => ({
  open: selectNewOpen(s),
  busy: selectNewBusy(s),
  fields: selectNewFields(s),
  refusal: selectNewRefusal(s),
  canCreate: selectNewCanCreate(s),
  canCancel: selectNewCanCancel(s),
})

/** Add endpoint (issue 33): URL, description, events and Enabled; then the secret, once. */
export function NewWebhookDialog({ actor }: { actor: NewWebhookActor }) {
  const { open, busy, fields, refusal, canCreate, canCancel } = useSelector(
    actor,
    selectForm,
    shallowEqual,
  )
  const cancel = () => actor.send({ type: 'newWebhook.cancel' })
  return (
    <DialogFrame
      open={open}
      onClose={cancel}
      canClose={canCancel}
      returnFocus
      title="Add endpoint"
      description="Gatehouse sends the events you choose to this address, signed with a secret only you and it know."
      maxWidth={{ initial: '100%', xs: '600px' }}
    >
      <SubmitForm label="Add endpoint" onSubmit={() => actor.send({ type: 'newWebhook.create' })}>
        <WebhookFormFields
          fields={fields}
          busy={busy}
          refusal={refusal}
          send={{
            url: (value) => actor.send({ type: 'newWebhook.url', value }),
            description: (value) => actor.send({ type: 'newWebhook.description', value }),
            all: (on) => actor.send({ type: 'newWebhook.all', on }),
            event: (eventType, on) => actor.send({ type: 'newWebhook.event', eventType, on }),
            enabled: (on) => actor.send({ type: 'newWebhook.enabled', on }),
          }}
        />
        {refusal && !refusal.field && <ErrorText message={refusal.message} />}
        <DialogActions
          canCancel={canCancel}
          onCancel={cancel}
          confirmLabel="Add"
          canConfirm={canCreate}
          busy={busy}
        />
      </SubmitForm>
    </DialogFrame>
  )
}

/** The new endpoint's secret, shown this once. */
export function NewWebhookSecret({ actor }: { actor: NewWebhookActor }) {
  const open = useSelector(actor, selectNewSecretOpen)
  const created = useSelector(actor, selectNewCreated)
  return (
    <SecretDialog
      open={open}
      title={`Endpoint “${created ? endpointName(created.endpoint) : ''}” added`}
      secret={created?.secret ?? ''}
      onDone={() => actor.send({ type: 'newWebhook.done' })}
    />
  )
}
