import 'fake-indexeddb/auto'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromCallback, fromPromise } from 'xstate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WEBHOOK_MESSAGES } from '../../../schema/webhooks'
import {
  queueListMachine,
  type QueueEvent,
} from '../../../src/areas/queue/machines/queueList.machine'
import { aMessage } from '../../../src/areas/queue/paths/queueList.paths'
import {
  canSaveWebhook,
  changed,
  emptyWebhookFields,
  eventsOf,
  fieldOfMessage,
  fieldsOf,
  newWebhookBody,
} from '../../../src/areas/webhooks/machines/webhookFields'
import {
  billingEndpoint,
  ENDPOINT_ID,
  failingEndpoint,
  retryingDelivery,
  sentDelivery,
} from '../../../src/areas/webhooks/paths/webhookDeliveries.paths'
import {
  deliveryStatusWords,
  endpointStatusWords,
  eventsWords,
  lastDeliveryWords,
} from '../../../src/areas/webhooks/views/webhookText'
import { formatDateTime } from '../../../src/kit/views/format/dateTime'
import { server } from '../../model/account/profile.support'
import { renderWebhooks } from '../../model/webhooks/webhooks.support'
import { externalUser, selfUser } from '../../setup/fixtures'
import { resetViewport, setViewport } from '../../setup/media'
import { renderApp, renderSignedIn } from '../../setup/renderApp'

describe('Webhook form rules', () => {
  it('adds with a URL and something to receive, a description within 200 characters', () => {
    const empty = emptyWebhookFields()
    expect(canSaveWebhook(empty)).toBe(false)
    expect(canSaveWebhook({ ...empty, url: 'https://a.example' })).toBe(false)
    expect(canSaveWebhook({ ...empty, url: 'https://a.example', all: true })).toBe(true)
    expect(canSaveWebhook({ ...empty, url: '  ', all: true })).toBe(false)
    const some = { ...empty, url: 'https://a.example', events: ['user.created'] }
    expect(canSaveWebhook(some)).toBe(true)
    expect(canSaveWebhook({ ...some, description: 'x'.repeat(201) })).toBe(false)
  })

  it("sends ['*'] for all events, else the events checked, the URL and description trimmed", () => {
    const fields = {
      ...emptyWebhookFields(),
      url: ' https://a.example/in ',
      description: ' CRM ',
      events: ['user.created'],
      enabled: false,
    }
    expect(newWebhookBody(fields)).toEqual({
      url: 'https://a.example/in',
      description: 'CRM',
      events: ['user.created'],
      enabled: false,
    })
    expect(eventsOf({ ...fields, all: true })).toEqual(['*'])
  })

  it("starts Edit from the endpoint: 'All events' for ['*'], else its events", () => {
    expect(fieldsOf(failingEndpoint)).toMatchObject({ all: true, events: [] })
    expect(fieldsOf(billingEndpoint)).toMatchObject({
      all: false,
      events: billingEndpoint.events,
      url: billingEndpoint.url,
    })
  })

  it('changes one field per event, an event checked once and unchecked', () => {
    const start = emptyWebhookFields()
    const one = changed(start, { type: 'newWebhook.event', eventType: 'user.created', on: true })
    expect(changed(one, { type: 'x.event', eventType: 'user.created', on: true }).events).toEqual([
      'user.created',
    ])
    expect(changed(one, { type: 'x.event', eventType: 'user.created', on: false }).events).toEqual(
      [],
    )
    expect(changed(start, { type: 'webhook.url', value: 'https://b' }).url).toBe('https://b')
    expect(changed(start, { type: 'webhook.all', on: true }).all).toBe(true)
    expect(changed(start, { type: 'newWebhook.enabled', on: false }).enabled).toBe(false)
  })

  it("puts the server's refusal on the field it is about", () => {
    expect(fieldOfMessage(WEBHOOK_MESSAGES.urlHttps)).toBe('url')
    expect(fieldOfMessage(WEBHOOK_MESSAGES.urlPrivate)).toBe('url')
    expect(fieldOfMessage(WEBHOOK_MESSAGES.eventsEmpty)).toBe('events')
    expect(fieldOfMessage(WEBHOOK_MESSAGES.descriptionTooLong)).toBe('description')
    expect(fieldOfMessage('You are not allowed to do this.')).toBeNull()
  })
})

describe('Webhook words', () => {
  it('says when a failed delivery retries, and the other statuses as they are', () => {
    expect(deliveryStatusWords(retryingDelivery)).toBe(
      `Failed, retrying at ${formatDateTime(retryingDelivery.nextAttemptAt!)}`,
    )
    expect(deliveryStatusWords(sentDelivery)).toBe('Sent')
    expect(deliveryStatusWords({ status: 'given_up', nextAttemptAt: null })).toBe('Gave up')
    expect(deliveryStatusWords({ status: 'cancelled', nextAttemptAt: null })).toBe('Cancelled')
  })

  it('counts the events, and tells an endpoint the server turned off', () => {
    expect(eventsWords(['*'])).toBe('All events')
    expect(eventsWords(['user.created'])).toBe('1 event')
    expect(eventsWords(billingEndpoint.events)).toBe('3 events')
    expect(endpointStatusWords(failingEndpoint).label).toBe('Disabled after failing for a day')
    expect(endpointStatusWords({ enabled: false, disabledReason: 'staff' }).label).toBe('Disabled')
    expect(lastDeliveryWords(billingEndpoint)).toMatch(/^Sent · 200 · /)
    expect(lastDeliveryWords({ lastDelivery: null })).toBe('None yet')
  })
})

describe('Webhooks screen', () => {
  beforeEach(() => server.reset())
  afterEach(() => resetViewport())

  it('says what webhooks are when there is no endpoint', async () => {
    await renderWebhooks()
    await act(async () => (await server.last('listWebhooks')).resolve([]))
    expect(await screen.findByText('No endpoints yet.')).toBeVisible()
    expect(screen.getByText(/Add the address of a system that should hear/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeEnabled()
  })

  it('lists the events on demand', async () => {
    const app = await renderWebhooks()
    await act(async () => (await server.last('listWebhooks')).resolve([billingEndpoint]))
    const card = await screen.findByRole('listitem', { name: 'Billing system' })
    await app.user.click(within(card).getByText('3 events'))
    for (const event of billingEndpoint.events) expect(within(card).getByText(event)).toBeVisible()
  })

  it('lists the deliveries as cards on a phone, with Attempts and Replay', async () => {
    setViewport({ width: 390 })
    await renderWebhooks(`/webhooks/${ENDPOINT_ID}`)
    await act(async () => (await server.last('readWebhook')).resolve(billingEndpoint))
    await act(async () =>
      (await server.last('listDeliveries')).resolve({
        deliveries: [retryingDelivery, sentDelivery],
        more: false,
      }),
    )
    const list = await screen.findByRole('list', { name: 'Deliveries' })
    expect(screen.queryByRole('table', { name: 'Deliveries' })).toBeNull()
    const [first] = within(list).getAllByRole('listitem')
    expect(first).toHaveTextContent(deliveryStatusWords(retryingDelivery))
    expect(first).toHaveTextContent('The endpoint answered 500.')
    expect(within(first!).getByRole('button', { name: /^Replay account.disabled/ })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull()
  })

  it('is for INTERNAL staff with webhooks.write: no tab, and the guard, for others', async () => {
    const app = await renderSignedIn(
      externalUser({ permissions: selfUser().permissions }),
      '/webhooks',
    )
    expect(await screen.findByText('You are not authorized to view this.')).toBeVisible()
    expect(screen.queryByRole('heading', { level: 1, name: 'Webhooks' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Webhooks' })).toBeNull()
    app.unmount()
    await renderSignedIn(
      selfUser({ permissions: selfUser().permissions.filter((p) => p !== 'webhooks.write') }),
      '/webhooks',
    )
    expect(await screen.findByText('You are not authorized to view this.')).toBeVisible()
    expect(screen.queryByRole('link', { name: 'Webhooks' })).toBeNull()
  })
})

describe('Queue screen', () => {
  it('offers Webhook among the channels, and names webhook deliveries so', async () => {
    const machine = queueListMachine.provide({
      actors: {
        loadQueue: fromPromise(() =>
          Promise.resolve({
            page: {
              messages: [
                aMessage('0190a000-0000-7000-8000-00000000f003', {
                  channel: 'webhook',
                  recipient: 'https://billing.example.com/…',
                  subject: 'user.created',
                }),
              ],
              cursor: null,
            },
            attention: { locked: [], givenUp: [] },
          }),
        ) as never,
        listen: fromCallback<QueueEvent>(() => () => undefined),
      },
    })
    const app = renderApp('/queue', { provide: [machine] })
    app.gates.fetchSelf.resolve(selfUser())
    const table = await screen.findByRole('table', { name: 'Outbound messages' })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Webhook')
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Channel' }))
    expect(await screen.findByRole('option', { name: 'Webhook' })).toBeVisible()
    app.session.stop()
  })
})
