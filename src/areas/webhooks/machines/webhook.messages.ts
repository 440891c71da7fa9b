import type { WebhookDelivery, WebhookEndpoint } from '../../../../schema/webhooks'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** An endpoint as notices and confirmations name it: its description, else its address. */
export const endpointName = (endpoint: Pick<WebhookEndpoint, 'url' | 'description'>) =>
  endpoint.description.trim() || endpoint.url

export const rotateWords = {
  title: 'Rotate the signing secret?',
  text: 'A new secret is made and shown once. The old one keeps signing for 24 hours, so receivers can switch over.',
  action: 'Rotate secret',
}

export const deleteWords = (endpoint: WebhookEndpoint) => ({
  title: `Delete “${endpointName(endpoint)}”?`,
  text: 'It receives nothing more, and deliveries still waiting are cancelled. This cannot be undone.',
  action: 'Delete endpoint',
})

export const savedNotice = succeeded('The endpoint was saved.')
export const switchedNotice = (endpoint: WebhookEndpoint) =>
  succeeded(endpoint.enabled ? 'The endpoint was enabled.' : 'The endpoint was disabled.')
export const notSwitchedNotice = (enabling: boolean, reason: string | null) =>
  failed(enabling ? 'The endpoint was not enabled' : 'The endpoint was not disabled', reason)
export const testQueuedNotice = succeeded('A test event was queued.')
export const testFailedNotice = (reason: string | null) =>
  failed('The test event was not queued', reason)
export const deletedNotice = (endpoint: WebhookEndpoint) =>
  succeeded(`The endpoint “${endpointName(endpoint)}” was deleted.`)
export const replayedNotice = (delivery: WebhookDelivery) =>
  succeeded(`The ${delivery.eventType} event was queued again.`)
export const notReplayedNotice = (reason: string | null) =>
  failed('The event was not queued again', reason)
