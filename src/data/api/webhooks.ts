import {
  DeliveriesResults,
  DeliveryDetailResults,
  DeliveryResults,
  WebhookResults,
  WebhookSecretResults,
  WebhooksResults,
  type NewWebhook,
  type WebhookChange,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../schema/webhooks'
import { call, callFor, http } from './client'

type Options = { signal?: AbortSignal }

const endpointPath = (id: string) => `webhooks/${encodeURIComponent(id)}`
const deliveryPath = (id: string, deliveryId: string) =>
  `${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}`

/** Every webhook endpoint, newest first (GET /v1/webhooks; INTERNAL staff with webhooks.write). */
export async function listWebhooks({ signal }: Options = {}): Promise<WebhookEndpoint[]> {
  return (await callFor(WebhooksResults, () => http.get('webhooks', { signal }))).endpoints
}

/** A new endpoint and its signing secret, answered this once; 422 names the rule a URL breaks. */
export function createWebhook(body: NewWebhook, { signal }: Options = {}) {
  return callFor(WebhookSecretResults, () => http.post('webhooks', { json: body, signal }))
}

export async function readWebhook(id: string, { signal }: Options = {}): Promise<WebhookEndpoint> {
  return (await callFor(WebhookResults, () => http.get(endpointPath(id), { signal }))).endpoint
}

/** Changes an endpoint's URL, description, events or whether it is on; answers it as it now is. */
export async function changeWebhook(id: string, body: WebhookChange, { signal }: Options = {}) {
  const path = endpointPath(id)
  return (await callFor(WebhookResults, () => http.patch(path, { json: body, signal }))).endpoint
}

/** Deletes an endpoint; its pending deliveries are cancelled. */
export function deleteWebhook(id: string, { signal }: Options = {}): Promise<void> {
  return call(() => http.delete(endpointPath(id), { signal }))
}

/** A new secret, answered this once; the old one keeps signing until `rotation.until`. */
export function rotateWebhookSecret(id: string, { signal }: Options = {}) {
  return callFor(WebhookSecretResults, () => http.post(`${endpointPath(id)}/rotate`, { signal }))
}

/** Queues a `webhook.test` event for this endpoint only (409 when it is disabled). */
export async function sendTestEvent(id: string, { signal }: Options = {}) {
  const path = `${endpointPath(id)}/test`
  return (await callFor(DeliveryResults, () => http.post(path, { signal }))).delivery
}

/** One page of an endpoint's deliveries, newest first; `before` is the last one shown. */
export function listDeliveries(
  id: string,
  before: string | null,
  { signal }: Options = {},
): Promise<{ deliveries: WebhookDelivery[]; more: boolean }> {
  const searchParams = new URLSearchParams()
  if (before) searchParams.set('before', before)
  const path = `${endpointPath(id)}/deliveries`
  return callFor(DeliveriesResults, () => http.get(path, { searchParams, signal }))
}

/** A delivery as it now is, with each of its attempts. */
export function readDelivery(id: string, deliveryId: string, { signal }: Options = {}) {
  return callFor(DeliveryDetailResults, () => http.get(deliveryPath(id, deliveryId), { signal }))
}

/** A new delivery of the same event (same webhook-id), queued at once. */
export async function replayDelivery(id: string, deliveryId: string, { signal }: Options = {}) {
  const path = `${deliveryPath(id, deliveryId)}/replay`
  return (await callFor(DeliveryResults, () => http.post(path, { signal }))).delivery
}
