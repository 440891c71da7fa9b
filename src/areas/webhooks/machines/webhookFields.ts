import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type NewWebhook,
  type WebhookEndpoint,
} from '../../../../schema/webhooks'

/** What the Add endpoint and Edit endpoint forms hold. */
export type WebhookFields = {
  url: string
  description: string
  /** 'All events' is chosen (events ['*']); else `events` are the ones checked. */
  all: boolean
  events: string[]
  enabled: boolean
}

/** The field a refusal is about, shown under it; null: under the form. */
export type WebhookField = 'url' | 'description' | 'events'

export const emptyWebhookFields = (): WebhookFields => ({
  url: '',
  description: '',
  all: false,
  events: [],
  enabled: true,
})

/** An endpoint's settings as the Edit endpoint form starts with them. */
export const fieldsOf = (endpoint: WebhookEndpoint): WebhookFields => {
  const all = endpoint.events.includes('*')
  return {
    url: endpoint.url,
    description: endpoint.description,
    all,
    events: all ? [] : [...endpoint.events],
    enabled: endpoint.enabled,
  }
}

export const eventsOf = (fields: WebhookFields): string[] => (fields.all ? ['*'] : fields.events)

export const descriptionError = (description: string) =>
  description.length > WEBHOOK_LIMITS.descriptionMax
    ? WEBHOOK_MESSAGES.descriptionTooLong
    : undefined

/**
 * Save is on with an address, a description within its limit and something to receive. The
 * address's rules (https, no private hosts) are the server's: its words show on the field.
 */
export const canSaveWebhook = (fields: WebhookFields) =>
  fields.url.trim() !== '' &&
  descriptionError(fields.description) === undefined &&
  (fields.all || fields.events.length > 0)

export const newWebhookBody = (fields: WebhookFields): NewWebhook => ({
  url: fields.url.trim(),
  description: fields.description.trim(),
  events: eventsOf(fields),
  enabled: fields.enabled,
})

/** Checked adds the event, unchecked removes it; the list keeps no duplicates. */
export const toggled = (list: readonly string[], item: string, on: boolean): string[] =>
  on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((i) => i !== item)

const URL_MESSAGES: readonly string[] = [
  WEBHOOK_MESSAGES.urlMissing,
  WEBHOOK_MESSAGES.urlInvalid,
  WEBHOOK_MESSAGES.urlHttps,
  WEBHOOK_MESSAGES.urlPrivate,
  WEBHOOK_MESSAGES.urlCredentials,
  WEBHOOK_MESSAGES.urlTooLong,
]
const EVENT_MESSAGES: readonly string[] = [
  WEBHOOK_MESSAGES.eventsEmpty,
  WEBHOOK_MESSAGES.eventsUnknown,
]

/** The field the server's refusal names, by its words. */
export function fieldOfMessage(message: string): WebhookField | null {
  if (URL_MESSAGES.includes(message)) return 'url'
  if (EVENT_MESSAGES.includes(message)) return 'events'
  if (message === WEBHOOK_MESSAGES.descriptionTooLong) return 'description'
  return null
}

/** A change to one of the form's fields, whatever the chart calls it ('newWebhook.url', 'webhook.url'). */
export type FieldChange =
  | { type: `${string}.url`; value: string }
  | { type: `${string}.description`; value: string }
  | { type: `${string}.all`; on: boolean }
  | { type: `${string}.event`; eventType: string; on: boolean }
  | { type: `${string}.enabled`; on: boolean }

/** The fields after one change. */
export function changed(fields: WebhookFields, event: FieldChange): WebhookFields {
  const field = event.type.slice(event.type.lastIndexOf('.') + 1)
  if ('value' in event) return { ...fields, [field]: event.value }
  if ('eventType' in event)
    return { ...fields, events: toggled(fields.events, event.eventType, event.on) }
  return { ...fields, [field]: event.on }
}
