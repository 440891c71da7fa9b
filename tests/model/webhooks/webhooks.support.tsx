import { screen } from '@testing-library/react'
import { onTestFinished } from 'vitest'
import type { AnyActorLogic } from 'xstate'
import { newWebhookMachine } from '../../../src/areas/webhooks/machines/newWebhook.machine'
import { webhookDeliveriesMachine } from '../../../src/areas/webhooks/machines/webhookDeliveries.machine'
import { webhookEndpointMachine } from '../../../src/areas/webhooks/machines/webhookEndpoint.machine'
import type { WebhookFields } from '../../../src/areas/webhooks/machines/webhookFields'
import { webhookListMachine } from '../../../src/areas/webhooks/machines/webhookList.machine'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { stubbed } from '../account/profile.support'

/** Long enough never to pass on its own: a test moves the clock for the log's poll. */
export const POLL_DELAY = 10 * 60_000

type Id = { id: string }
type Page = Id & { before: string | null }
type One = Id & { deliveryId: string }

/** The screens' server calls, each waiting in `server` for the path's step that settles it. */
export const stubbedWebhookMachines = (): AnyActorLogic[] => [
  webhookListMachine.provide({
    actors: { listWebhooks: stubbed('listWebhooks', () => []) },
  }),
  newWebhookMachine.provide({
    actors: {
      createWebhook: stubbed('createWebhook', (input: { fields: WebhookFields }) => [input.fields]),
    },
  }),
  webhookEndpointMachine.provide({
    actors: {
      readWebhook: stubbed('readWebhook', (input: Id) => [input.id]),
      saveWebhook: stubbed('saveWebhook', (input: Id & { fields: WebhookFields | null }) => [
        input.id,
        input.fields,
      ]),
      switchWebhook: stubbed('switchWebhook', (input: Id & { enabled: boolean }) => [
        input.id,
        input.enabled,
      ]),
      sendTest: stubbed('sendTest', (input: Id) => [input.id]),
      rotateSecret: stubbed('rotateSecret', (input: Id) => [input.id]),
      deleteWebhook: stubbed('deleteWebhook', (input: Id) => [input.id]),
    },
  }),
  webhookDeliveriesMachine.provide({
    actors: {
      listDeliveries: stubbed('listDeliveries', (input: Page) => [input.id, input.before]),
      readDelivery: stubbed('readDelivery', (input: One) => [input.id, input.deliveryId]),
      replayDelivery: stubbed('replayDelivery', (input: One) => [input.id, input.deliveryId]),
    },
    delays: { poll: POLL_DELAY },
  }),
]

/** The console at `path` for staff holding every permission, its webhook calls stubbed. */
export async function renderWebhooks(path = '/webhooks') {
  const app = renderApp(path, { provide: stubbedWebhookMachines() })
  onTestFinished(() => app.session.stop())
  app.gates.fetchSelf.resolve(selfUser())
  await screen.findByRole('heading', { level: 1 })
  return app
}

// A dialog hides the page from the accessibility tree; the page is read behind it too.
export const endpointList = () =>
  screen.queryByRole('list', { name: 'Webhook endpoints', hidden: true })
/** The endpoints' cards (each lists its events inside: only the list's own items). */
export const endpointItems = () =>
  Array.from(endpointList()?.querySelectorAll<HTMLElement>(':scope > li') ?? [])
export const endpointCard = (name: string) => {
  const card = endpointItems().find((item) => item.getAttribute('aria-label') === name)
  if (!card) throw new Error(`No endpoint “${name}”.`)
  return card
}
export const addDialog = () => screen.queryByRole('dialog', { name: 'Add endpoint' })
export const editDialog = () => screen.queryByRole('dialog', { name: 'Edit endpoint' })
export const secretDialog = () =>
  screen.queryByRole('dialog', { name: /added$|^New signing secret$/ })
export const attemptsDialog = () => screen.queryByRole('dialog', { name: /^Attempts of / })
export const pageButton = (name: string) => screen.getByRole('button', { name, hidden: true })
