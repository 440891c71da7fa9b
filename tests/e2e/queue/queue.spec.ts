import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test as base, type APIRequestContext, type Page } from '@playwright/test'
import { expect } from '../support/fixtures'
import { ADMIN, startServer, type TestServer } from '../support/server'
import { apiSignIn, expectSignedIn, signIn } from '../login/login'
import { mainNav } from '../shell/shell'
import type { QueueMessage } from '../../../schema/queue'

const PHONE = '5551234567'
const MASKED = '******4567'

/** A stand-in SMS gateway (SMS_WEBHOOK_URL): records every message, answers 503 while failing. */
type Gateway = { url: string; failing: boolean; received: { to: string; text: string }[] }

// The administrator signs in with a code by SMS through the stand-in gateway: a server of its own.
const test = base.extend<object, { gateway: Gateway; server: TestServer }>({
  gateway: [
    async ({}, use) => {
      const gateway: Gateway = { url: '', failing: true, received: [] }
      const http = createServer((request, response) => {
        let body = ''
        request.on('data', (chunk: Buffer) => (body += chunk.toString()))
        request.on('end', () => {
          gateway.received.push(JSON.parse(body) as Gateway['received'][number])
          response.writeHead(gateway.failing ? 503 : 200).end('{}')
        })
      })
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
      gateway.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/sms`
      await use(gateway)
      await new Promise((resolve) => http.close(resolve))
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ gateway }, use) => {
      const server = await startServer({ SMS_WEBHOOK_URL: gateway.url, LOCKOUT_THRESHOLD: '10' })
      await use(server)
      await server.stop()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
})

/** The newest security code the gateway was sent (whether it accepted it or not). */
async function latestCode(gateway: Gateway, after: number): Promise<string> {
  await expect.poll(() => gateway.received.length).toBeGreaterThan(after)
  const code = gateway.received.at(-1)?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error('The gateway got no security code.')
  return code
}

async function serverQueue(request: APIRequestContext, query: string): Promise<QueueMessage[]> {
  const answer = await request.get(`/v1/queue${query}`)
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { results: { messages: QueueMessage[] } }).results.messages
}

const outbound = (page: Page) => page.getByRole('table', { name: 'Outbound messages' })
const smsRow = (page: Page, status: string) =>
  outbound(page).getByRole('row').filter({ hasText: MASKED }).filter({ hasText: status })
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test('a failed text message shows in Queue, is retried and cancelled; a locked account is unlocked', async ({
  page,
  playwright,
  server,
  gateway,
}) => {
  test.setTimeout(120_000)
  // The administrator gets a phone and a second factor; a colleague is locked by staff.
  const admin = await playwright.request.newContext({ baseURL: server.url })
  const adminId = await apiSignIn(admin)
  const password = ADMIN.password
  expect(
    (await admin.put(`/v1/user/${adminId}/phone`, { data: { phone: PHONE, password } })).status(),
  ).toBe(200)
  expect(
    (await admin.put(`/v1/user/${adminId}/mfa`, { data: { use2FA: true, password } })).status(),
  ).toBe(200)
  // Three colleagues locked by staff: one is unlocked from its row, two together.
  for (const [nameFirst, nameLast] of [
    ['Lena', 'Locke'],
    ['Max', 'Moss'],
    ['Nia', 'Noble'],
  ] as const) {
    const invited = await admin.post('/v1/users', {
      data: {
        nameFirst,
        nameLast,
        email: `${nameFirst.toLowerCase()}.${nameLast.toLowerCase()}@example.com`,
        phone: null,
        type: 'INTERNAL',
        permissions: [],
      },
    })
    expect(invited.status()).toBe(200)
    const { id } = ((await invited.json()) as { results: { user: { id: string } } }).results.user
    expect((await admin.post(`/v1/user/${id}/lock`)).status()).toBe(200)
  }
  await admin.dispose()

  // Signing in sends the code by SMS; the gateway refuses it, the queue will try again later.
  const before = gateway.received.length
  await signIn(page)
  await expect(page.getByRole('heading', { name: 'Two Factor Authentication' })).toBeVisible()
  await page.getByLabel('Security Code').fill(await latestCode(gateway, before))
  await page.getByRole('button', { name: 'Validate Code' }).click()
  await expectSignedIn(page)

  await mainNav(page).getByRole('link', { name: 'Queue' }).click()
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible()
  const failed = smsRow(page, 'Failed, will retry')
  await expect(failed).toHaveCount(1)
  await expect(failed).toContainText('SMS gateway answered 503 Service Unavailable')
  await expect(page.getByText('security code', { exact: false })).toHaveCount(0)
  const [queued] = await serverQueue(page.request, '?channel=sms')
  expect(queued).toMatchObject({ recipient: MASKED, status: 'failed', attempts: 1 })

  // The gateway works again: Retry sends it now.
  gateway.failing = false
  const sentBefore = gateway.received.length
  await page.getByRole('button', { name: `Retry SMS to ${MASKED}` }).click()
  await expect(notice(page, `Retried the text message to ${MASKED}.`)).toBeVisible()
  await expect(smsRow(page, 'Sent')).toHaveCount(1)
  expect(gateway.received.length).toBe(sentBefore + 1)
  expect((await serverQueue(page.request, '?channel=sms'))[0]).toMatchObject({
    id: queued!.id,
    status: 'sent',
    attempts: 2,
    lastError: null,
  })

  // Another code is sent while the gateway fails: the Queue shows it without a reload (the
  // console's change stream names the outbox), and staff cancel it.
  gateway.failing = true
  const other = await playwright.request.newContext({ baseURL: server.url })
  expect(
    (await other.post('/v1/login', { data: { username: ADMIN.email, password } })).status(),
  ).toBe(200)
  await other.dispose()
  await expect(smsRow(page, 'Failed, will retry')).toHaveCount(1)
  await page.getByRole('button', { name: `Cancel SMS to ${MASKED}` }).click()
  const cancel = page.getByRole('alertdialog', { name: 'Cancel this message?' })
  await cancel.getByRole('button', { name: 'Cancel message' }).click()
  await expect(cancel).toBeHidden()
  await expect(notice(page, `Cancelled the text message to ${MASKED}.`)).toBeVisible()
  await expect(smsRow(page, 'Cancelled')).toHaveCount(1)
  await expect(smsRow(page, 'Failed, will retry')).toHaveCount(0)
  const sms = await serverQueue(page.request, '?channel=sms')
  expect(sms.map((m) => m.status)).toEqual(['cancelled', 'sent'])

  // Needs staff: a table of the locked colleagues with their count. One is unlocked from its row;
  // the unlock mails a reset link.
  await expect(page.getByRole('heading', { name: 'Locked accounts (3)' })).toBeVisible()
  const locked = page.getByRole('table', { name: 'Locked accounts' })
  await expect(locked.getByRole('row', { name: /Lena Locke/ })).toContainText(
    'lena.locke@example.com',
  )
  await page.getByRole('button', { name: 'Unlock Lena Locke' }).click()
  const unlock = page.getByRole('alertdialog', { name: 'Unlock Lena Locke?' })
  await unlock.getByRole('button', { name: 'Unlock' }).click()
  await expect(notice(page, 'Lena Locke was unlocked.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Locked accounts (2)' })).toBeVisible()
  await expect(
    outbound(page).getByRole('row').filter({ hasText: 'l***@example.com' }).first(),
  ).toBeVisible()

  // The other two together: check them all, 'Unlock 2 accounts', confirm (one bulk call, which
  // the server checks for users.write).
  await locked.getByRole('checkbox', { name: 'Select all locked accounts' }).check()
  await expect(locked.getByRole('checkbox', { name: 'Select Max Moss' })).toBeChecked()
  await page.getByRole('button', { name: 'Unlock 2 accounts' }).click()
  const bulk = page.getByRole('alertdialog', { name: 'Unlock 2 accounts?' })
  await bulk.getByRole('button', { name: 'Unlock 2 accounts' }).click()
  await expect(notice(page, '2 accounts were unlocked.')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Locked accounts' })).toHaveCount(0)
  await expect(page.getByText('Nothing needs staff now.', { exact: false })).toBeVisible()
  const attention = await page.request.get('/v1/queue/attention')
  expect(
    ((await attention.json()) as { results: { locked: { id: string }[] } }).results.locked,
  ).toEqual([])
  for (const masked of ['m***@example.com', 'n***@example.com'])
    await expect(outbound(page).getByRole('row').filter({ hasText: masked }).first()).toBeVisible()

  // Retry and cancel were audited: Logs lists them under the Queue kind.
  const audit = await page.request.get('/v1/logs?kinds=queue')
  expect(audit.status()).toBe(200)
  const events = ((await audit.json()) as { results: { events: { action: string }[] } }).results
    .events
  expect(events.map((e) => e.action).sort()).toEqual(['queue.cancel', 'queue.retry'])
})
