import { setup, type ActorRefFrom } from 'xstate'
import { newWebhookMachine, type NewWebhookActor } from './newWebhook.machine'
import { webhookListMachine, type WebhookListActor } from './webhookList.machine'

export type WebhooksPageParts = { list: WebhookListActor; dialog: NewWebhookActor }

/**
 * The Webhooks screen's page machine: it spawns the list and the Add endpoint dialog, which tells
 * the list of each endpoint it makes. The view selects from both and sends to them.
 */
export const webhooksPageMachine = setup({
  types: { context: {} as WebhooksPageParts },
  actors: { list: webhookListMachine, dialog: newWebhookMachine },
}).createMachine({
  id: 'webhooksPage',
  description: 'The Webhooks screen: the endpoints and the Add endpoint dialog.',
  context: ({ spawn }) => {
    const list = spawn('list', { id: 'list' })
    return { list, dialog: spawn('dialog', { id: 'dialog', input: { list } }) }
  },
})

export type WebhooksPageActor = ActorRefFrom<typeof webhooksPageMachine>
