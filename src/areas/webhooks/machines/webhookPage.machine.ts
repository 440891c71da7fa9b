import { setup, type ActorRefFrom } from 'xstate'
import { webhookDeliveriesMachine, type DeliveriesActor } from './webhookDeliveries.machine'
import { webhookEndpointMachine, type WebhookEndpointActor } from './webhookEndpoint.machine'

export type WebhookPageParts = { endpoint: WebhookEndpointActor; deliveries: DeliveriesActor }

/**
 * An endpoint's page machine: it spawns the settings and the delivery log; a test event the
 * settings queue has the log read again. The view selects from both and sends to them.
 */
export const webhookPageMachine = setup({
  types: { context: {} as WebhookPageParts, input: {} as { id: string } },
  actors: { endpoint: webhookEndpointMachine, deliveries: webhookDeliveriesMachine },
}).createMachine({
  id: 'webhookPage',
  description: "An endpoint's page: its settings and its delivery log.",
  context: ({ input, spawn }) => {
    const deliveries = spawn('deliveries', {
      id: 'deliveries',
      input: { endpointId: input.id },
    })
    return {
      deliveries,
      endpoint: spawn('endpoint', { id: 'endpoint', input: { id: input.id, deliveries } }),
    }
  },
})

export type WebhookPageActor = ActorRefFrom<typeof webhookPageMachine>
