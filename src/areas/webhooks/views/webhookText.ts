import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from '../../../../schema/webhooks'
import { formatDateTime } from '../../../kit/views/format/dateTime'

type Color = 'gray' | 'blue' | 'green' | 'orange' | 'red'

/** Each delivery status in words, and its badge colour. */
export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; color: Color }> = {
  pending: { label: 'Pending', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'orange' },
  given_up: { label: 'Gave up', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
}

/** 'Failed, retrying at Nov 29, 2026 09:30 PM UTC'; the other statuses as they are. */
export function deliveryStatusWords(delivery: Pick<WebhookDelivery, 'status' | 'nextAttemptAt'>) {
  const label = DELIVERY_STATUS[delivery.status].label
  if (delivery.status === 'failed' && delivery.nextAttemptAt)
    return `${label}, retrying at ${formatDateTime(delivery.nextAttemptAt)}`
  return label
}

/** 'All events', '1 event', '3 events'. */
export function eventsWords(events: readonly string[]) {
  if (events.includes('*')) return 'All events'
  return events.length === 1 ? '1 event' : `${events.length} events`
}

export function endpointStatusWords(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'>) {
  if (endpoint.enabled) return { label: 'Enabled', color: 'green' as const }
  return {
    label: endpoint.disabledReason === 'failing' ? 'Disabled after failing for a day' : 'Disabled',
    color: endpoint.disabledReason === 'failing' ? ('red' as const) : ('gray' as const),
  }
}

/** The last delivery: 'Sent · 200 · Nov 29, 2026 09:30 PM UTC', or 'None yet'. */
export function lastDeliveryWords(endpoint: Pick<WebhookEndpoint, 'lastDelivery'>) {
  const last = endpoint.lastDelivery
  if (!last) return 'None yet'
  return [DELIVERY_STATUS[last.status].label, last.code ?? null, formatDateTime(last.at)]
    .filter((part) => part !== null)
    .join(' · ')
}

/** '87 ms', kept on one line. */
export const durationWords = (ms: number | null) =>
  ms === null ? '—' : `${ms.toLocaleString('en-US')}\u00a0ms`

/** What the rotated-secret dialog says of the old secret. */
export const oldSecretWords = (until: string | null | undefined) =>
  until
    ? `The old secret keeps working until ${formatDateTime(until)}.`
    : 'The old secret no longer works.'
