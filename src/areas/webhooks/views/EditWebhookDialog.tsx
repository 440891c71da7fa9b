import { shallowEqual, useSelector } from '@xstate/react'
import type {
  WebhookEndpointActor,
  WebhookEndpointSnapshot,
} from '../machines/webhookEndpoint.machine'
import {
  selectCanSave,
  selectEditBusy,
  selectEditFields,
  selectEditOpen,
  selectEditRefusal,
} from '../machines/webhookPage.selectors'
import { emptyWebhookFields } from '../machines/webhookFields'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { ErrorText } from '../../../kit/views/form/ErrorText'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import { WebhookFormFields } from './WebhookFormFields'

const EMPTY = emptyWebhookFields()

const selectForm = (s: WebhookEndpointSnapshot) => ({
  open: selectEditOpen(s),
  busy: selectEditBusy(s),
  fields: selectEditFields(s),
  refusal: selectEditRefusal(s),
  canSave: selectCanSave(s),
})

/** Edit endpoint: its URL, description and events; the server's refusal on its field. */
export function EditWebhookDialog({ actor }: { actor: WebhookEndpointActor }) {
  const { open, busy, fields, refusal, canSave } = useSelector(actor, selectForm, shallowEqual)
  const cancel = () => actor.send({ type: 'webhook.cancel' })
  return (
    <DialogFrame
      open={open}
      onClose={cancel}
      canClose={!busy}
      returnFocus
      title="Edit endpoint"
      description="Changes apply to the events that happen from now on."
      maxWidth={{ initial: '100%', xs: '600px' }}
    >
      <SubmitForm label="Edit endpoint" onSubmit={() => actor.send({ type: 'webhook.save' })}>
        <WebhookFormFields
          fields={fields ?? EMPTY}
          busy={busy}
          refusal={refusal}
          send={{
            url: (value) => actor.send({ type: 'webhook.url', value }),
            description: (value) => actor.send({ type: 'webhook.description', value }),
            all: (on) => actor.send({ type: 'webhook.all', on }),
            event: (eventType, on) => actor.send({ type: 'webhook.event', eventType, on }),
          }}
        />
        {refusal && !refusal.field && <ErrorText message={refusal.message} />}
        <DialogActions
          canCancel={!busy}
          onCancel={cancel}
          confirmLabel="Save"
          canConfirm={canSave}
          busy={busy}
        />
      </SubmitForm>
    </DialogFrame>
  )
}
