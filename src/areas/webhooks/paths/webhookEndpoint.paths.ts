import { WEBHOOK_MESSAGES } from '../../../../schema/webhooks'
import {
  webhookEndpointMachine,
  type WebhookEndpointEvent,
} from '../machines/webhookEndpoint.machine'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { coveringPaths } from '../../../flows/covering'
import { definePaths } from '../../../flows/model'
import { typed } from '../../../kit/paths/typed'
import {
  billingEndpoint,
  ENDPOINT_ID,
  replayedDelivery,
  ROTATED_SECRET,
  rotatedEndpoint,
  savedEndpoint,
} from './webhooks.fixtures'
import type { SnapshotFrom } from 'xstate'

export * from './webhooks.fixtures'

type Snapshot = SnapshotFrom<typeof webhookEndpointMachine>

export const NO_SUCH_ENDPOINT = 'There is no such webhook endpoint.'
const input = { id: ENDPOINT_ID }

const events = (s: Snapshot) =>
  [
    { type: 'xstate.done.actor.readWebhook', output: billingEndpoint },
    { type: 'xstate.error.actor.readWebhook', error: failure(404, 404, NO_SUCH_ENDPOINT) },
    { type: 'webhook.retry' },
    { type: 'webhook.edit' },
    ...typed('webhook.url', '', 'http://10.0.0.8/hook'),
    ...typed('webhook.description', 'Billing'),
    { type: 'webhook.all', on: true },
    { type: 'webhook.event', eventType: 'user.updated', on: true },
    { type: 'webhook.save' },
    { type: 'xstate.done.actor.saveWebhook', output: savedEndpoint },
    {
      type: 'xstate.error.actor.saveWebhook',
      error: failure(422, 1001, WEBHOOK_MESSAGES.urlPrivate),
    },
    { type: 'webhook.cancel' },
    { type: 'webhook.switch' },
    // The endpoint as the switch leaves it: off when it was on, on when it was off.
    {
      type: 'xstate.done.actor.switchWebhook',
      output: s.context.endpoint?.enabled
        ? { ...billingEndpoint, enabled: false, disabledReason: 'staff' }
        : billingEndpoint,
    },
    { type: 'xstate.error.actor.switchWebhook', error: offline },
    { type: 'webhook.test' },
    { type: 'xstate.done.actor.sendTest', output: replayedDelivery },
    { type: 'xstate.error.actor.sendTest', error: offline },
    { type: 'webhook.rotate' },
    { type: 'webhook.delete' },
    { type: 'webhook.confirm' },
    {
      type: 'xstate.done.actor.rotateSecret',
      output: { endpoint: rotatedEndpoint, secret: ROTATED_SECRET },
    },
    { type: 'xstate.error.actor.rotateSecret', error: offline },
    { type: 'webhook.done' },
    { type: 'xstate.done.actor.deleteWebhook', output: undefined },
    { type: 'xstate.error.actor.deleteWebhook', error: offline },
  ] as unknown as WebhookEndpointEvent[]

function shows(s: Snapshot): string | undefined {
  if (s.matches('loading')) return "'Loading the endpoint…'"
  if (s.matches('unavailable'))
    return `'The endpoint could not be loaded: ${s.context.error}' and Retry`
  if (s.matches('deleted')) return 'The Webhooks screen, without the endpoint'
  const e = s.context.endpoint
  const parts = [
    `the settings of “${e?.description ?? ''}”, ${e?.enabled ? 'Enabled' : 'Disabled'}`,
  ]
  if (s.hasTag('edit')) {
    const f = s.context.fields
    parts.push(
      `the dialog 'Edit endpoint' with ${f?.url ? `“${f.url}”` : 'no URL'}, ${f?.all ? 'All events' : `${f?.events.length ?? 0} event(s)`}`,
    )
  }
  if (s.hasTag('rotate') && !s.hasTag('secret'))
    parts.push("the dialog 'Rotate the signing secret?'")
  if (s.hasTag('delete')) parts.push(`the dialog 'Delete “${e?.description ?? ''}”?'`)
  if (s.hasTag('secret')) parts.push('the new secret with Copy and until when the old one works')
  if (s.hasTag('error') && !s.matches('unavailable')) parts.push(`“${s.context.error}”`)
  if (s.hasTag('busy')) parts.push('the button waits')
  return parts.join('; ')
}

export const webhookEndpointPaths = definePaths({
  name: 'Webhook endpoint',
  machine: webhookEndpointMachine,
  input,
  events,
  serializeState: (s, event, previous) =>
    JSON.stringify([
      s.value,
      s.context.endpoint?.enabled ?? null,
      s.context.error !== null,
      s.context.fields
        ? [
            s.context.fields.url,
            s.context.fields.description,
            s.context.fields.all,
            s.context.fields.events.length,
          ]
        : null,
    ]) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
  // Each field changed once in the form: the URL emptied then a private one typed, the
  // description once, All events on, one more event checked while choosing.
  filterEvents: (s, event) => {
    const f = s.context.fields
    switch (event.type) {
      case 'webhook.url':
        return f !== null && (event.value === '' ? f.url !== '' : f.url === '')
      case 'webhook.description':
        return f !== null && f.description !== event.value
      case 'webhook.all':
        return f !== null && !f.all
      case 'webhook.event':
        return f !== null && !f.all && !f.events.includes(event.eventType)
      case 'webhook.save':
      case 'webhook.test':
        return s.can(event)
      default:
        return true
    }
  },
  select: (paths) => coveringPaths(webhookEndpointMachine, input, paths),
  shows,
  detail: (event) =>
    event.type === 'webhook.all'
      ? '(All events)'
      : event.type === 'webhook.event'
        ? `(${event.eventType})`
        : answerDetail(event),
})

export const models = [webhookEndpointPaths]
