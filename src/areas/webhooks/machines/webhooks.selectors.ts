import type { NewWebhookSnapshot } from './newWebhook.machine'
import type { WebhookListSnapshot } from './webhookList.machine'
import type { WebhookField } from './webhookFields'

/** The Webhooks screen: what its views read of the list and the Add endpoint dialog. */
export const selectEndpoints = (s: WebhookListSnapshot) => s.context.endpoints
export const selectListLoading = (s: WebhookListSnapshot) => s.matches('loading')
export const selectListError = (s: WebhookListSnapshot) =>
  s.matches('unavailable') ? s.context.error : null

export const selectNewOpen = (s: NewWebhookSnapshot) => s.hasTag('open')
export const selectNewBusy = (s: NewWebhookSnapshot) => s.hasTag('busy')
export const selectNewFields = (s: NewWebhookSnapshot) => s.context.fields
export const selectNewCanCreate = (s: NewWebhookSnapshot) => s.can({ type: 'newWebhook.create' })
export const selectNewCanCancel = (s: NewWebhookSnapshot) => s.can({ type: 'newWebhook.cancel' })
export const selectNewSecretOpen = (s: NewWebhookSnapshot) => s.hasTag('secret')
export const selectNewCreated = (s: NewWebhookSnapshot) => s.context.created

/** The server's refusal while it shows, and the field it is about (null: under the form). */
export const selectNewRefusal = (
  s: NewWebhookSnapshot,
): { message: string | null; field: WebhookField | null } | null =>
  s.hasTag('error') ? { message: s.context.error, field: s.context.errorField } : null
