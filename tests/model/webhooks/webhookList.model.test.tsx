import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { WebhookListSnapshot } from '../../../src/areas/webhooks/machines/webhookList.machine'
import {
  createdEndpoint,
  WEBHOOK_SECRET,
  webhookListPaths,
} from '../../../src/areas/webhooks/paths/webhookList.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { server } from '../account/profile.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import {
  addDialog,
  endpointCard,
  endpointItems,
  endpointList,
  renderWebhooks,
  secretDialog,
} from './webhooks.support'

const { paths } = buildPaths(webhookListPaths)
const view = viewCoverage(webhookListPaths)

type Step = { event: Record<string, unknown> & { type: string } }
type App = Awaited<ReturnType<typeof renderWebhooks>>

function drive(app: App) {
  return {
    states: {
      loading: async () => {
        expect(await screen.findByText('Loading the endpoints…')).toBeVisible()
        await server.last('listWebhooks')
      },
      unavailable: async (s: WebhookListSnapshot) => {
        const alert = await screen.findByRole('alert')
        expect(alert).toHaveTextContent(`The endpoints could not be loaded: ${s.context.error}`)
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      ready: async (s: WebhookListSnapshot) => {
        const { endpoints } = s.context
        if (endpoints.length === 0) {
          expect(await screen.findByText('No endpoints yet.')).toBeVisible()
          expect(endpointList()).toBeNull()
          return
        }
        await waitFor(() => expect(endpointItems()).toHaveLength(endpoints.length))
        const names = endpointItems().map((item) => item.getAttribute('aria-label'))
        expect(names).toEqual(endpoints.map((e) => e.description || e.url))
        for (const endpoint of endpoints) {
          const card = endpointCard(endpoint.description || endpoint.url)
          expect(card).toHaveTextContent(endpoint.url)
          if (endpoint.events.includes('*')) expect(card).toHaveTextContent('All events')
          else expect(card).toHaveTextContent(`${endpoint.events.length} events`)
          if (endpoint.disabledReason === 'failing')
            expect(card).toHaveTextContent('Disabled after failing for a day')
          else if (endpoint.enabled) expect(card).toHaveTextContent('Enabled')
          if (endpoint.lastDelivery === null) expect(card).toHaveTextContent('None yet')
          else expect(card).toHaveTextContent(String(endpoint.lastDelivery.code))
          expect(
            within(card).getByRole('link', {
              name: endpoint.description || endpoint.url,
              hidden: true,
            }),
          ).toHaveAttribute('href', `/webhooks/${endpoint.id}`)
        }
      },
    },
    events: {
      'xstate.done.actor.listWebhooks': async ({ event }: Step) =>
        act(async () => (await server.last('listWebhooks')).resolve(event.output)),
      'xstate.error.actor.listWebhooks': async ({ event }: Step) =>
        act(async () => (await server.last('listWebhooks')).reject(event.error)),
      'webhooks.retry': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      // The Add endpoint dialog makes one, and its chart tells the list.
      'webhooks.created': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Add endpoint' }))
        const form = within(addDialog()!)
        await app.user.type(form.getByLabelText('URL'), createdEndpoint.url)
        await app.user.click(form.getByRole('radio', { name: 'All events' }))
        await app.user.click(form.getByRole('button', { name: 'Add' }))
        await act(async () =>
          (await server.last('createWebhook')).resolve({
            endpoint: createdEndpoint,
            secret: WEBHOOK_SECRET,
          }),
        )
        const secret = await screen.findByRole('dialog', { name: /added$/ })
        await app.user.click(within(secret).getByRole('button', { name: 'Done' }))
        await waitFor(() => expect(secretDialog()).toBeNull())
      },
    },
  }
}

describe('Webhook endpoints statechart, driving the Webhooks screen', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(webhookListPaths.machine, [{ input: undefined, paths }])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderWebhooks()
      await view.drive(path, drive(app))
    })
  }
})
