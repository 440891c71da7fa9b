import {
  webhookListMachine,
  type WebhookListEvent,
  type WebhookListSnapshot,
} from '../machines/webhookList.machine'
import { answerDetail, offline } from '../../../kit/fixtures/api.fixtures'
import { coveringPaths } from '../../../flows/covering'
import { definePaths, withWayIn } from '../../../flows/model'
import { billingEndpoint, createdEndpoint, failingEndpoint } from './webhooks.fixtures'

export * from './webhooks.fixtures'

const events = [
  { type: 'xstate.done.actor.listWebhooks', output: [failingEndpoint, billingEndpoint] },
  { type: 'xstate.done.actor.listWebhooks', output: [] },
  { type: 'xstate.error.actor.listWebhooks', error: offline },
  { type: 'webhooks.retry' },
  { type: 'webhooks.created', endpoint: createdEndpoint },
] as unknown as WebhookListEvent[]

function shows(s: WebhookListSnapshot): string {
  if (s.matches('loading')) return "'Loading the endpoints…'"
  if (s.matches('unavailable'))
    return `'The endpoints could not be loaded: ${s.context.error}' and Retry`
  const n = s.context.endpoints.length
  if (n === 0) return "'No endpoints yet.', what webhooks are, and 'Add endpoint'"
  return `${n} endpoint(s), newest first: ${s.context.endpoints.map((e) => e.description || e.url).join(', ')}`
}

export const webhookListPaths = definePaths({
  name: 'Webhook endpoints',
  machine: webhookListMachine,
  events,
  serializeState: withWayIn((s: WebhookListSnapshot) =>
    JSON.stringify([
      s.value,
      s.context.endpoints.map((e) => e.id.slice(-2)),
      s.context.error !== null,
    ]),
  ),
  // A new endpoint comes from the dialog on the ready list, once.
  filterEvents: (s, event) =>
    event.type !== 'webhooks.created' ||
    (s.matches('ready') && !s.context.endpoints.some((e) => e.id === event.endpoint.id)),
  select: (paths) => coveringPaths(webhookListMachine, undefined, paths),
  shows,
  detail: answerDetail,
})

export const models = [webhookListPaths]
