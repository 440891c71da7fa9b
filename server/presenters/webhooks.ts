import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../schema/webhooks'
import type { DeliveryRow, EndpointWithOwner, WebhookAttemptRow } from '../db/schema/webhooks'

/** An endpoint as the API answers it: never its secret, only its first characters. */
export function toWebhookEndpoint(row: EndpointWithOwner, now = new Date()): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.enabled ? null : (row.disabledReason ?? 'staff'),
    secretHint: row.secretHint,
    rotation:
      row.previousSecret && row.previousUntil && row.previousUntil > now
        ? { until: row.previousUntil.toISOString() }
        : null,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: row.last && {
      status: row.last.status,
      at: row.last.at.toISOString(),
      code: row.last.code,
    },
  }
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  const waits = row.status === 'pending' || row.status === 'failed' || row.status === 'sending'
  return {
    id: row.id,
    endpointId: row.endpointId ?? '',
    eventId: row.eventId ?? '',
    eventType: row.eventType ?? row.subject ?? '',
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: waits ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    lastCode: row.lastCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    responseExcerpt: row.responseExcerpt,
  }
}

export const toWebhookAttempt = (row: WebhookAttemptRow): WebhookAttempt => ({
  at: row.at.toISOString(),
  code: row.code,
  durationMs: row.durationMs,
  error: row.error,
  responseExcerpt: row.responseExcerpt,
})
