import { Checkbox, Flex, Text } from '@radix-ui/themes'
import { ErrorText } from '../../../kit/views/form/ErrorText'
import { FormField } from '../../../kit/views/form/FormField'
import { descriptionError, type WebhookField, type WebhookFields } from '../machines/webhookFields'
import { EventPicker } from './EventPicker'

export type FieldSender = {
  url: (value: string) => void
  description: (value: string) => void
  all: (on: boolean) => void
  event: (eventType: string, on: boolean) => void
  /** Only the Add endpoint form offers it; an endpoint's page has Enable and Disable. */
  enabled?: (on: boolean) => void
}

type Props = {
  fields: WebhookFields
  busy: boolean
  refusal: { message: string | null; field: WebhookField | null } | null
  send: FieldSender
}

const refusalOf = (refusal: Props['refusal'], field: WebhookField) =>
  refusal?.field === field ? refusal.message : null

/** The URL, the description and the events of an endpoint; the server's refusal on its field. */
export function WebhookFormFields({ fields, busy, refusal, send }: Props) {
  const urlRefusal = refusalOf(refusal, 'url')
  return (
    <>
      <Flex direction="column" gap="2">
        <FormField
          label="URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.example.com/gatehouse"
          readOnly={busy}
          value={fields.url}
          hint="Where Gatehouse sends the events, as signed HTTPS POST requests."
          onValueChange={send.url}
        />
        {urlRefusal && <ErrorText message={urlRefusal} />}
      </Flex>
      <FormField
        label="Description"
        autoComplete="off"
        placeholder="Billing system"
        readOnly={busy}
        value={fields.description}
        error={
          descriptionError(fields.description) ?? refusalOf(refusal, 'description') ?? undefined
        }
        hint="Optional: what receives the events, so staff know it again."
        onValueChange={send.description}
      />
      <EventPicker
        all={fields.all}
        events={fields.events}
        busy={busy}
        error={refusalOf(refusal, 'events')}
        onAll={send.all}
        onEvent={send.event}
      />
      {send.enabled && (
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={fields.enabled}
              disabled={busy}
              onCheckedChange={(on) => send.enabled?.(on === true)}
            />
            Enabled: send events as soon as it is added
          </Flex>
        </Text>
      )}
    </>
  )
}
