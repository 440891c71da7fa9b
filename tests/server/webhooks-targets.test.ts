import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WebhookEndpoint } from '../../schema/webhooks'
import { outbox } from '../../server/db/schema/outbox'
import { webhookAttempts, webhookEndpoints } from '../../server/db/schema/webhooks'
import { ADMIN, signIn, useTestApp } from './helper'

/*
 * WEBHOOK_PRIVATE_TARGETS is false (the default): https only, no private or loopback addresses,
 * checked when an endpoint is saved and again when a delivery is made (DNS may have changed).
 */

const t = useTestApp()
let admin = ''
let receiver: Server
let hits = 0

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  receiver = createServer((request, response) => {
    hits += 1
    request.resume()
    response.end('ok')
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
})
afterAll(() => new Promise((resolve) => receiver.close(resolve)))

const inject = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
  t.app.inject({ method, url, headers: { cookie: admin }, payload: body as object })

describe('WEBHOOK_PRIVATE_TARGETS=false', () => {
  it.each([
    ['http://example.com/hook', 'Use an https:// address.'],
    ['https://127.0.0.1/hook', 'Private and loopback addresses are not allowed here.'],
    ['https://10.1.2.3/hook', 'Private and loopback addresses are not allowed here.'],
    ['https://192.168.0.10/hook', 'Private and loopback addresses are not allowed here.'],
    ['https://169.254.169.254/latest', 'Private and loopback addresses are not allowed here.'],
    ['https://[::1]/hook', 'Private and loopback addresses are not allowed here.'],
    ['https://[::ffff:127.0.0.1]/hook', 'Private and loopback addresses are not allowed here.'],
    ['https://localhost/hook', 'Private and loopback addresses are not allowed here.'],
    ['https://intranet/hook', 'Private and loopback addresses are not allowed here.'],
  ])('refuses %s: %s', async (url, message) => {
    const answer = await inject('POST', '/v1/webhooks', { url, description: '', events: ['*'] })
    expect(answer.statusCode, answer.body).toBe(422)
    expect(answer.json()).toMatchObject({ success: false, error: { code: 1001, message } })
  })

  it('accepts a public https address, and refuses a private one on change', async () => {
    const made = await inject('POST', '/v1/webhooks', {
      url: 'https://hooks.example.com/in',
      description: 'Public',
      events: ['*'],
    })
    expect(made.statusCode, made.body).toBe(200)
    const { id } = made.json<{ results: { endpoint: WebhookEndpoint } }>().results.endpoint
    const changed = await inject('PATCH', `/v1/webhooks/${id}`, { url: 'https://10.0.0.1/x' })
    expect(changed.statusCode).toBe(422)
    expect(changed.json()).toMatchObject({
      error: { message: 'Private and loopback addresses are not allowed here.' },
    })
  })

  it('checks again at delivery time: a stored loopback http address is not posted to', async () => {
    const made = await inject('POST', '/v1/webhooks', {
      url: 'https://hooks.example.com/later',
      description: '',
      events: ['webhook.test'],
    })
    const { id } = made.json<{ results: { endpoint: WebhookEndpoint } }>().results.endpoint
    // As if it had been saved while the setting was on (the resolved-address check is in
    // tests/unit/server/webhookRules.cli.test.ts, with a stand-in resolver).
    const port = (receiver.address() as AddressInfo).port
    await t.db
      .update(webhookEndpoints)
      .set({ url: `http://127.0.0.1:${port}/hook` })
      .where(eq(webhookEndpoints.id, id))
    const test = await inject('POST', `/v1/webhooks/${id}/test`, undefined)
    expect(test.statusCode, test.body).toBe(200)
    const deliveryId = test.json<{ results: { delivery: { id: string } } }>().results.delivery.id
    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(outbox).where(eq(outbox.id, deliveryId))
        expect(row!.status).toBe('failed')
      },
      { timeout: 8_000, interval: 25 },
    )
    const attempts = await t.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, deliveryId))
    expect(attempts[0]).toMatchObject({ code: null, error: 'Use an https:// address.' })
    expect(hits).toBe(0)
  })
})
