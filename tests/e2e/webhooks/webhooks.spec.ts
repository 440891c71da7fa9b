import type { Page } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { WEBHOOK_MESSAGES, type WebhookPayload } from '../../../schema/webhooks'
import { describeFound, type Found } from '../a11y/axe'
import { expectSignedIn, signIn } from '../login/login'
import { mainNav } from '../shell/shell'
import { expect, test } from '../support/fixtures'
import { DESKTOP_AND_PHONE, lookAt } from '../support/looks'
import {
  addDialog,
  addEndpoint,
  addUser,
  deliveryRows,
  endpointCard,
  fillEndpoint,
  secretDialog,
  startReceiver,
  storedDeliveries,
  storedEndpoints,
  type Received,
} from './webhooks'

const USER_FIELDS = [
  'active',
  'createdAt',
  'email',
  'id',
  'locked',
  'nameFirst',
  'nameLast',
  'phone',
  'type',
  'updatedAt',
]

/** The delivery as a receiver using the standardwebhooks library checks it; throws if forged. */
const verified = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, request.headers) as WebhookPayload

async function openEndpoint(page: Page, name: string) {
  await endpointCard(page, name).getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page).toHaveURL(/\/webhooks\/[\w-]+$/)
}

test('an endpoint added in the console receives a signed user.created event', async ({ page }) => {
  test.setTimeout(60_000)
  const receiver = await startReceiver()
  try {
    await signIn(page)
    await expectSignedIn(page)
    await mainNav(page).getByRole('link', { name: 'Webhooks' }).click()
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible()
    await expect(page).toHaveTitle('Webhooks · Gatehouse')

    // A bad address is refused by the server, in its words, on the URL field; the input stays.
    const dialog = await fillEndpoint(page, 'not an address', 'CRM sync', ['user.created'])
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(dialog.getByText(WEBHOOK_MESSAGES.urlInvalid)).toBeVisible()
    await expect(dialog.getByLabel('Description')).toHaveValue('CRM sync')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(addDialog(page)).toBeHidden()

    const secret = await addEndpoint(page, `${receiver.url}/crm`, 'CRM sync', ['user.created'])
    await expect(page.getByText(secret)).toHaveCount(0)
    const card = endpointCard(page, 'CRM sync')
    await expect(card).toContainText(`${receiver.url}/crm`)
    await expect(card).toContainText('1 event')
    await expect(card).toContainText('Enabled')
    const [stored] = (await storedEndpoints(page.request)).filter(
      (e) => e.description === 'CRM sync',
    )
    expect(stored).toMatchObject({
      url: `${receiver.url}/crm`,
      events: ['user.created'],
      enabled: true,
    })
    expect(secret.startsWith(stored!.secretHint.replace('…', ''))).toBe(true)

    await openEndpoint(page, 'CRM sync')
    const user = await addUser(page.request, 'Wendy', 'Hook')
    await expect.poll(() => receiver.at('/crm').length, { timeout: 15_000 }).toBe(1)
    const [request] = receiver.at('/crm')
    const payload = verified(secret, request!)
    expect(payload.type).toBe('user.created')
    expect(payload.data.event.action).toBe('user.created')
    expect(payload.data.user?.email).toBe(user.email)
    // A whitelist of the user's fields: nothing else (no hashes, codes or links).
    expect(Object.keys(payload.data.user ?? {}).sort()).toEqual(USER_FIELDS)
    expect(request!.headers['webhook-id']).toMatch(/^msg_/)
    expect(() =>
      new Webhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`).verify(
        request!.body,
        request!.headers,
      ),
    ).toThrow()

    // The log shows it sent (200) once read again.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click()
      await expect(deliveryRows(page).first()).toContainText('Sent', { timeout: 1000 })
    }).toPass({ timeout: 15_000 })
    await expect(deliveryRows(page)).toHaveCount(1)
    await expect(deliveryRows(page).first()).toContainText('user.created')
    await expect(deliveryRows(page).first()).toContainText('200')
    const [delivery] = await storedDeliveries(page.request, stored!.id)
    expect(delivery).toMatchObject({
      eventType: 'user.created',
      status: 'sent',
      lastCode: 200,
      attempts: 1,
      eventId: request!.headers['webhook-id'],
    })
  } finally {
    await receiver.stop()
  }
})

test('a failing endpoint is retried, then succeeds; Replay and Send test event arrive', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const receiver = await startReceiver({ '/flaky': [500, 200] })
  try {
    await signIn(page)
    await expectSignedIn(page)
    await page.goto('/webhooks')
    const secret = await addEndpoint(page, `${receiver.url}/flaky`, 'Flaky billing', [
      'user.created',
    ])
    await openEndpoint(page, 'Flaky billing')
    await addUser(page.request, 'Rita', 'Retry')

    // The first attempt fails (500): the log says so and when it retries; it reads again by
    // itself while the delivery is unfinished.
    await expect.poll(() => receiver.at('/flaky').length, { timeout: 15_000 }).toBe(1)
    await page.getByRole('button', { name: 'Refresh' }).click()
    const row = deliveryRows(page).first()
    await expect(row).toContainText('Failed, retrying at')
    await expect(row).toContainText('500')
    // The retry (about 5 s later) succeeds, and the log shows it without a click.
    await expect.poll(() => receiver.at('/flaky').length, { timeout: 20_000 }).toBe(2)
    await expect(row).toContainText('Sent', { timeout: 10_000 })
    await expect(row).toContainText('200')
    const [first, second] = receiver.at('/flaky')
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
    expect(verified(secret, second!).type).toBe('user.created')

    // Its attempts: the 500, then the 200.
    await row.getByRole('button', { name: /^Attempts of user.created/ }).click()
    const attempts = page.getByRole('dialog', { name: 'Attempts of user.created' })
    await expect(attempts.getByRole('heading', { level: 3 })).toHaveCount(2)
    await expect(attempts.getByRole('listitem').nth(0)).toContainText('500')
    await expect(attempts.getByRole('listitem').nth(1)).toContainText('200')
    await attempts.getByRole('button', { name: 'Close' }).click()
    await expect(attempts).toBeHidden()
    const endpointId = page.url().split('/').at(-1)!
    const [stored] = await storedDeliveries(page.request, endpointId)
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, lastCode: 200 })

    // Replay sends the same event again: the same webhook-id, a fresh signature.
    await row.getByRole('button', { name: /^Replay user.created/ }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'The user.created event was queued again.' }),
    ).toBeVisible()
    await expect.poll(() => receiver.at('/flaky').length, { timeout: 15_000 }).toBe(3)
    const replayed = receiver.at('/flaky')[2]!
    expect(replayed.headers['webhook-id']).toBe(first!.headers['webhook-id'])
    expect(verified(secret, replayed).type).toBe('user.created')
    await expect(deliveryRows(page)).toHaveCount(2)

    // Send test event: a webhook.test event for this endpoint only.
    await page.getByRole('button', { name: 'Send test event' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'A test event was queued.' }),
    ).toBeVisible()
    await expect.poll(() => receiver.at('/flaky').length, { timeout: 15_000 }).toBe(4)
    expect(verified(secret, receiver.at('/flaky')[3]!).type).toBe('webhook.test')
    await expect(deliveryRows(page).first()).toContainText('webhook.test')
    await expect(deliveryRows(page).first()).toContainText('Sent', { timeout: 10_000 })
    expect((await storedDeliveries(page.request, endpointId)).map((d) => d.eventType)).toEqual([
      'webhook.test',
      'user.created',
      'user.created',
    ])
  } finally {
    await receiver.stop()
  }
})

for (const { name: layout, ...device } of DESKTOP_AND_PHONE)
  test.describe(layout, () => {
    test.use(device)

    test('Webhooks screens pass axe', async ({ page }) => {
      test.setTimeout(120_000)
      const receiver = await startReceiver()
      try {
        const found: Found[] = []
        await signIn(page)
        await expectSignedIn(page)
        // The worker's server may hold endpoints from the other tests: the empty screen first.
        for (const endpoint of await storedEndpoints(page.request))
          expect((await page.request.delete(`/v1/webhooks/${endpoint.id}`)).status()).toBe(200)
        await page.goto('/webhooks')
        await expect(page.getByText('No endpoints yet.')).toBeVisible()
        await lookAt(page, 'webhooks-empty', layout, found)

        const name = `Audit archive ${layout}`
        const dialog = await fillEndpoint(page, `${receiver.url}/audit`, name, [
          'user.created',
          'account.locked',
        ])
        await lookAt(page, 'webhooks-add', layout, found)
        await dialog.getByRole('button', { name: 'Add', exact: true }).click()
        await expect(secretDialog(page)).toBeVisible()
        await lookAt(page, 'webhooks-secret', layout, found)
        await secretDialog(page).getByRole('button', { name: 'Done' }).click()
        await expect(endpointCard(page, name)).toBeVisible()
        await lookAt(page, 'webhooks', layout, found)

        await openEndpoint(page, name)
        await page.getByRole('button', { name: 'Send test event' }).click()
        await expect(deliveryRows(page).first()).toContainText('Sent', { timeout: 15_000 })
        await lookAt(page, 'webhook-endpoint', layout, found)
        await deliveryRows(page)
          .first()
          .getByRole('button', { name: /^Attempts of/ })
          .click()
        await expect(
          page.getByRole('dialog', { name: /^Attempts of/ }).getByRole('heading', { level: 3 }),
        ).toHaveCount(1)
        await lookAt(page, 'webhook-attempts', layout, found)
        await page
          .getByRole('dialog', { name: /^Attempts of/ })
          .getByRole('button', { name: 'Close' })
          .click()

        await page.getByRole('button', { name: 'Rotate secret' }).click()
        await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate secret' }).click()
        await expect(secretDialog(page)).toContainText('The old secret keeps working until')
        await lookAt(page, 'webhook-rotated', layout, found)
        await secretDialog(page).getByRole('button', { name: 'Done' }).click()

        expect(found.map(describeFound).join('\n\n')).toBe('')
      } finally {
        await receiver.stop()
      }
    })
  })
