import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { WebhookDelivery, WebhookEndpoint } from '../../../schema/webhooks'

export type Received = { path: string; headers: Record<string, string>; body: string }

/**
 * A webhook receiver on 127.0.0.1 (a random port) that records every request. Each path answers
 * the codes given for it in turn, then the last one again ('/flaky': [500, 200]); others 200.
 */
export async function startReceiver(codes: Record<string, number[]> = {}) {
  const received: Received[] = []
  const served = new Map<string, number>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({
        path,
        headers: flat(request.headers),
        body: Buffer.concat(chunks).toString(),
      })
      const answers = codes[path] ?? [200]
      const n = served.get(path) ?? 0
      served.set(path, n + 1)
      const code = answers[Math.min(n, answers.length - 1)] ?? 200
      response.writeHead(code, { 'content-type': 'text/plain' })
      response.end(code < 300 ? 'ok' : 'Internal Server Error')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    /** What reached `path`, oldest first. */
    at: (path: string) => received.filter((r) => r.path === path),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const flat = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(',') : (value ?? ''),
    ]),
  )

export const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add endpoint' })
export const secretDialog = (page: Page) =>
  page.getByRole('dialog', { name: /added$|^New signing secret$/ })
export const endpointCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem', { name, exact: true })
/** The delivery log's rows (a table on desktop layouts, cards on a phone), newest first. */
export const deliveryRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .or(page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem'))

/** Fills in Add endpoint: the URL, the description and the events checked. */
export async function fillEndpoint(page: Page, url: string, description: string, events: string[]) {
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  const dialog = addDialog(page)
  await dialog.getByLabel('URL').fill(url)
  await dialog.getByLabel('Description').fill(description)
  for (const event of events)
    await dialog.getByRole('checkbox', { name: event, exact: true }).click()
  return dialog
}

/** Adds the endpoint filled in and reads its secret from the dialog, then puts the dialog away. */
export async function addEndpoint(page: Page, url: string, description: string, events: string[]) {
  const dialog = await fillEndpoint(page, url, description, events)
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  const shown = secretDialog(page)
  await expect(shown).toContainText("You won't see it again.")
  const secret = (await shown.getByLabel('The signing secret').textContent())?.trim() ?? ''
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
  await shown.getByRole('button', { name: 'Done' }).click()
  await expect(shown).toBeHidden()
  return secret
}

/** Adds an INTERNAL user through the API (POST /v1/users), as Add User does. */
export async function addUser(request: APIRequestContext, nameFirst: string, nameLast: string) {
  const email = `${nameFirst}.${nameLast}@example.com`.toLowerCase()
  const answer = await request.post('/v1/users', {
    data: { nameFirst, nameLast, email, phone: null, type: 'INTERNAL', permissions: [] },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { results: { user: { id: string; email: string } } }).results
    .user
}

/** What the server stored: the endpoints (GET /v1/webhooks). */
export async function storedEndpoints(request: APIRequestContext) {
  const answer = await request.get('/v1/webhooks')
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { results: { endpoints: WebhookEndpoint[] } }).results.endpoints
}

/** An endpoint's deliveries as the server holds them, newest first. */
export async function storedDeliveries(request: APIRequestContext, id: string) {
  const answer = await request.get(`/v1/webhooks/${id}/deliveries`)
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { results: { deliveries: WebhookDelivery[] } }).results
    .deliveries
}
