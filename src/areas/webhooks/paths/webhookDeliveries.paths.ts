import {
  webhookDeliveriesMachine,
  type DeliveriesEvent,
  type DeliveriesSnapshot,
} from '../machines/webhookDeliveries.machine'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { coveringPaths } from '../../../flows/covering'
import { definePaths, withWayIn } from '../../../flows/model'
import {
  ENDPOINT_ID,
  olderDelivery,
  replayedDelivery,
  retriedDelivery,
  retryingAttempts,
  retryingDelivery,
  sentDelivery,
} from './webhooks.fixtures'

export * from './webhooks.fixtures'

/** The delay's event: the log reads again while a delivery is unfinished. */
export const AFTER_POLL = 'xstate.after.poll.webhookDeliveries.ready'
const input = { endpointId: ENDPOINT_ID }

const events = (s: DeliveriesSnapshot) =>
  [
    {
      type: 'xstate.done.actor.listDeliveries',
      output: { deliveries: [retryingDelivery, sentDelivery], more: true },
    },
    { type: 'xstate.error.actor.listDeliveries', error: offline },
    { type: 'deliveries.retry' },
    { type: AFTER_POLL },
    { type: 'deliveries.refresh' },
    {
      type: 'xstate.done.actor.refreshDeliveries',
      output: { deliveries: [retriedDelivery, sentDelivery], more: true },
    },
    { type: 'xstate.error.actor.refreshDeliveries', error: offline },
    { type: 'deliveries.loadMore' },
    {
      type: 'xstate.done.actor.loadOlder',
      output: { deliveries: [olderDelivery], more: false },
    },
    { type: 'xstate.error.actor.loadOlder', error: offline },
    { type: 'deliveries.open', delivery: s.context.deliveries[0] ?? retryingDelivery },
    {
      type: 'xstate.done.actor.readDelivery',
      output: { delivery: s.context.deliveries[0] ?? retryingDelivery, attempts: retryingAttempts },
    },
    { type: 'xstate.error.actor.readDelivery', error: offline },
    { type: 'deliveries.close' },
    { type: 'deliveries.replay', delivery: sentDelivery },
    { type: 'xstate.done.actor.replayDelivery', output: replayedDelivery },
    {
      type: 'xstate.error.actor.replayDelivery',
      error: failure(404, 404, 'There is no such delivery.'),
    },
  ] as unknown as DeliveriesEvent[]

function shows(s: DeliveriesSnapshot): string {
  if (s.matches('loading')) return "'Loading the deliveries…'"
  if (s.matches('unavailable'))
    return `'The deliveries could not be loaded: ${s.context.error}' and Retry`
  const c = s.context
  const parts = [
    `${c.deliveries.length} deliveries: ${c.deliveries.map((d) => `${d.eventType} ${d.status}`).join(', ')}`,
  ]
  if (c.more) parts.push("'Load older'")
  if (c.error) parts.push(`'The deliveries could not be read: ${c.error}'`)
  if (c.openId) {
    if (s.matches('opening')) parts.push("the attempts dialog: 'Loading the attempts…'")
    else if (c.attemptsError) parts.push(`the attempts dialog: 'The attempts could not be loaded'`)
    else parts.push(`the attempts dialog with ${c.attempts?.length ?? 0} attempt(s)`)
  }
  if (s.hasTag('refreshing')) parts.push('Refresh waits')
  if (s.matches('replaying')) parts.push('Replay waits')
  return parts.join('; ')
}

export const webhookDeliveriesPaths = definePaths({
  name: 'Delivery log',
  machine: webhookDeliveriesMachine,
  input,
  events,
  serializeState: withWayIn((s: DeliveriesSnapshot) =>
    JSON.stringify([
      s.value,
      s.context.deliveries.map((d) => `${d.id.slice(-2)}${d.status[0]}`),
      s.context.more,
      s.context.error !== null,
      s.context.openId !== null,
      s.context.attempts !== null,
      s.context.attemptsError !== null,
    ]),
  ),
  // The delay fires only while a delivery is unfinished; Load older only with more; a delivery
  // opens and replays from the list; Close with the dialog open.
  filterEvents: (s, event) => {
    switch (event.type as string) {
      case AFTER_POLL:
        return s.matches('ready') && s.context.deliveries.some((d) => d.status === 'failed')
      case 'deliveries.loadMore':
        return s.can(event)
      case 'deliveries.open':
        return s.context.openId === null && s.context.deliveries.length > 0
      case 'deliveries.close':
        return s.context.openId !== null
      case 'deliveries.replay':
        return (
          s.context.openId === null && s.context.deliveries.some((d) => d.id === sentDelivery.id)
        )
      default:
        return true
    }
  },
  // Stops once a replay is queued twice: the log grows with each, and nothing new is reached.
  stopWhen: (s) => s.context.deliveries.filter((d) => d.id === replayedDelivery.id).length > 1,
  select: (paths) => coveringPaths(webhookDeliveriesMachine, input, paths),
  shows,
  detail: answerDetail,
})

export const models = [webhookDeliveriesPaths]
