import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WebhookDelivery } from '../../../schema/webhooks'
import type { DeliveriesSnapshot } from '../../../src/areas/webhooks/machines/webhookDeliveries.machine'
import {
  notReplayedNotice,
  replayedNotice,
} from '../../../src/areas/webhooks/machines/webhook.messages'
import {
  billingEndpoint,
  ENDPOINT_ID,
  webhookDeliveriesPaths,
} from '../../../src/areas/webhooks/paths/webhookDeliveries.paths'
import { deliveryStatusWords } from '../../../src/areas/webhooks/views/webhookText'
import { formatDateTime } from '../../../src/kit/views/format/dateTime'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { server } from '../account/profile.support'
import { describePath } from '../describePath'
import { expectNotified } from '../kit/notify.support'
import { viewCoverage } from '../viewCoverage'
import { attemptsDialog, pageButton, POLL_DELAY, renderWebhooks } from './webhooks.support'

const { paths } = buildPaths(webhookDeliveriesPaths)
const view = viewCoverage(webhookDeliveriesPaths)

type Step = { event: Record<string, unknown> & { type: string } }
type App = Awaited<ReturnType<typeof renderWebhooks>>

const table = () => screen.queryByRole('table', { name: 'Deliveries', hidden: true })
const rows = () => within(table()!).getAllByRole('row', { hidden: true }).slice(1)
const rowName = (d: WebhookDelivery) => `${d.eventType} of ${formatDateTime(d.createdAt)}`

/** The newest read of the log, once made: its endpoint and where it starts. */
async function lastRead() {
  return (await server.last('listDeliveries')).args
}

function drive(app: App) {
  const expectLog = async (s: DeliveriesSnapshot) => {
    const { deliveries, more, error, openId, attempts, attemptsError } = s.context
    if (deliveries.length === 0) expect(await screen.findByText(/^No deliveries yet/)).toBeVisible()
    else {
      await waitFor(() => expect(rows()).toHaveLength(deliveries.length))
      deliveries.forEach((d, i) => {
        expect(rows()[i]).toHaveTextContent(d.eventType)
        expect(rows()[i]).toHaveTextContent(deliveryStatusWords(d))
      })
    }
    const older = screen.queryByRole('button', { name: 'Load older', hidden: true })
    if (more) expect(older).not.toBeNull()
    else expect(older).toBeNull()
    if (error) expect(screen.getByText(`The deliveries could not be read: ${error}`)).toBeVisible()
    if (!openId) {
      await waitFor(() => expect(attemptsDialog()).toBeNull())
      return
    }
    const dialog = await screen.findByRole('dialog', { name: /^Attempts of / })
    if (s.matches('opening'))
      expect(within(dialog).getByText('Loading the attempts…')).toBeVisible()
    else if (attemptsError)
      expect(within(dialog).getByRole('alert')).toHaveTextContent(attemptsError)
    else
      await waitFor(() =>
        expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(
          attempts?.length ?? 0,
        ),
      )
  }
  return {
    states: {
      loading: async () => {
        expect(await screen.findByText('Loading the deliveries…')).toBeVisible()
        expect(await lastRead()).toEqual([ENDPOINT_ID, null])
      },
      unavailable: async (s: DeliveriesSnapshot) => {
        const alert = await screen.findByRole('alert')
        expect(alert).toHaveTextContent(`The deliveries could not be loaded: ${s.context.error}`)
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      ready: async (s: DeliveriesSnapshot) => {
        await expectLog(s)
        if (!s.context.openId) await waitFor(() => expect(pageButton('Refresh')).toBeEnabled())
      },
      refreshing: async (s: DeliveriesSnapshot) => {
        expect(await lastRead()).toEqual([ENDPOINT_ID, null])
        await waitFor(() => expect(pageButton('Refresh')).toBeDisabled())
        await expectLog(s)
      },
      loadingMore: async (s: DeliveriesSnapshot) => {
        expect(await lastRead()).toEqual([ENDPOINT_ID, s.context.deliveries.at(-1)!.id])
        await expectLog(s)
      },
      opening: async (s: DeliveriesSnapshot) => {
        expect((await server.last('readDelivery')).args).toEqual([ENDPOINT_ID, s.context.openId])
        await expectLog(s)
      },
      replaying: async (s: DeliveriesSnapshot) => {
        expect((await server.last('replayDelivery')).args[0]).toBe(ENDPOINT_ID)
        await waitFor(() => expect(pageButton('Refresh')).toBeDisabled())
        await expectLog(s)
      },
    },
    events: {
      'xstate.done.actor.listDeliveries': async ({ event }: Step) =>
        act(async () => (await server.last('listDeliveries')).resolve(event.output)),
      'xstate.error.actor.listDeliveries': async ({ event }: Step) =>
        act(async () => (await server.last('listDeliveries')).reject(event.error)),
      'xstate.done.actor.refreshDeliveries': async ({ event }: Step) =>
        act(async () => (await server.last('listDeliveries')).resolve(event.output)),
      'xstate.error.actor.refreshDeliveries': async ({ event }: Step) =>
        act(async () => (await server.last('listDeliveries')).reject(event.error)),
      'xstate.done.actor.loadOlder': async ({ event }: Step) =>
        act(async () => (await server.last('listDeliveries')).resolve(event.output)),
      'xstate.error.actor.loadOlder': async ({ event }: Step) =>
        act(async () => (await server.last('listDeliveries')).reject(event.error)),
      'deliveries.retry': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      // The log reads again by itself while a delivery is unfinished: the clock moves on.
      'xstate.after.poll.webhookDeliveries.ready': () =>
        act(() => vi.advanceTimersByTime(POLL_DELAY)),
      'deliveries.refresh': () => app.user.click(pageButton('Refresh')),
      'deliveries.loadMore': () => app.user.click(pageButton('Load older')),
      'deliveries.open': ({ event }: Step) =>
        app.user.click(pageButton(`Attempts of ${rowName(event.delivery as WebhookDelivery)}`)),
      'xstate.done.actor.readDelivery': async ({ event }: Step) =>
        act(async () => (await server.last('readDelivery')).resolve(event.output)),
      'xstate.error.actor.readDelivery': async ({ event }: Step) =>
        act(async () => (await server.last('readDelivery')).reject(event.error)),
      'deliveries.close': () =>
        app.user.click(within(attemptsDialog()!).getByRole('button', { name: 'Close' })),
      'deliveries.replay': ({ event }: Step) =>
        app.user.click(pageButton(`Replay ${rowName(event.delivery as WebhookDelivery)}`)),
      'xstate.done.actor.replayDelivery': async ({ event }: Step) => {
        await act(async () => (await server.last('replayDelivery')).resolve(event.output))
        await expectNotified('status', replayedNotice(event.output as WebhookDelivery).message)
      },
      'xstate.error.actor.replayDelivery': async ({ event }: Step) => {
        await act(async () => (await server.last('replayDelivery')).reject(event.error))
        await expectNotified('alert', notReplayedNotice((event.error as Error).message).message)
      },
    },
  }
}

describe("Delivery log statechart, driving an endpoint's page", () => {
  beforeEach(() => {
    server.reset()
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(webhookDeliveriesPaths.machine, [
      { input: webhookDeliveriesPaths.input, paths },
    ])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderWebhooks(`/webhooks/${ENDPOINT_ID}`)
      await act(async () => (await server.last('readWebhook')).resolve(billingEndpoint))
      await view.drive(path, drive(app))
    })
  }
})
