import { WEBHOOK_MESSAGES } from '../../../../schema/webhooks'
import {
  newWebhookMachine,
  type NewWebhookEvent,
  type NewWebhookSnapshot,
} from '../machines/newWebhook.machine'
import { answerDetail, failure } from '../../../kit/fixtures/api.fixtures'
import { coveringPaths } from '../../../flows/covering'
import { definePaths } from '../../../flows/model'
import { typed } from '../../../kit/paths/typed'
import { CREATED_URL, createdEndpoint, WEBHOOK_SECRET } from './webhooks.fixtures'

export * from './webhooks.fixtures'

const events = [
  { type: 'newWebhook.open' },
  ...typed('newWebhook.url', CREATED_URL, ''),
  ...typed('newWebhook.description', 'Audit archive'),
  { type: 'newWebhook.all', on: true },
  { type: 'newWebhook.event', eventType: 'user.created', on: true },
  { type: 'newWebhook.enabled', on: false },
  { type: 'newWebhook.create' },
  {
    type: 'xstate.done.actor.createWebhook',
    output: { endpoint: createdEndpoint, secret: WEBHOOK_SECRET },
  },
  {
    type: 'xstate.error.actor.createWebhook',
    error: failure(422, 1001, WEBHOOK_MESSAGES.urlHttps),
  },
  { type: 'newWebhook.cancel' },
  { type: 'newWebhook.done' },
] as unknown as NewWebhookEvent[]

function shows(s: NewWebhookSnapshot): string | undefined {
  if (s.matches('closed')) return "The 'Add endpoint' button"
  if (s.matches('shown'))
    return "The signing secret with Copy and 'Copy this secret now. You won't see it again.'"
  const f = s.context.fields
  const parts = [
    f.url ? `the URL “${f.url}”` : 'no URL',
    f.description ? `the description “${f.description}”` : 'no description',
    f.all ? 'All events' : `${f.events.length} event(s) checked`,
    f.enabled ? 'Enabled' : 'not Enabled',
  ]
  if (s.hasTag('error')) parts.push(`the URL field says “${s.context.error}”`)
  parts.push(s.can({ type: 'newWebhook.create' }) ? 'Add is on' : 'Add is off')
  if (s.matches('creating')) parts.push('Add waits')
  return parts.join('; ')
}

const fieldsKey = (s: NewWebhookSnapshot) => {
  const f = s.context.fields
  return [f.url !== '', f.description !== '', f.all, f.events.length, f.enabled]
}

export const newWebhookPaths = definePaths({
  name: 'Add endpoint',
  machine: newWebhookMachine,
  events,
  // The state, whether Add is on, the refusal, the secret; in the form what was filled in and the
  // last change (so that each control is used once on a shortest path).
  serializeState: (s, event, previous) =>
    JSON.stringify([
      s.value,
      s.can({ type: 'newWebhook.create' }),
      s.context.error !== null,
      s.context.created !== null,
      s.hasTag('open') ? fieldsKey(s) : null,
    ]) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : '') +
    (event && previous && JSON.stringify(previous.value) === JSON.stringify(s.value)
      ? ` after ${event.type}`
      : ''),
  // Each control once, a value typed when it changes something; an event only under 'Choose events'.
  filterEvents: (s, event) => {
    const f = s.context.fields
    switch (event.type) {
      case 'newWebhook.url':
        return (event.value === '') !== (f.url === '')
      case 'newWebhook.description':
        return f.description === ''
      case 'newWebhook.all':
        return f.all !== event.on
      case 'newWebhook.event':
        return !f.all && !f.events.includes(event.eventType)
      case 'newWebhook.enabled':
        return f.enabled !== event.on
      case 'newWebhook.create':
        return s.can(event)
      default:
        return true
    }
  },
  select: (paths) => coveringPaths(newWebhookMachine, undefined, paths),
  shows,
  detail: (event) =>
    event.type === 'newWebhook.all'
      ? '(All events)'
      : event.type === 'newWebhook.event'
        ? `(${event.eventType})`
        : event.type === 'newWebhook.enabled'
          ? '(off)'
          : answerDetail(event),
})

export const models = [newWebhookPaths]
