import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { logText } from '../../schema/audit-text'
import type { LogEvent } from '../../schema/logs'
import type {
  DeliveriesResults,
  DeliveryDetailResults,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookPayload,
} from '../../schema/webhooks'
import { auditLog } from '../../server/db/schema/audit'
import { outbox } from '../../server/db/schema/outbox'
import { users } from '../../server/db/schema/users'
import { webhookEndpoints } from '../../server/db/schema/webhooks'
import { WEBHOOK_MAX_ATTEMPTS } from '../../server/domain/webhooks'
import { AuditAction, recordAudit } from '../../server/repos/audit'
import { rotateFactorKey } from '../../server/use-cases/factor-secrets'
import { createUser } from './fixtures'
import { ADMIN, buildTestApp, call, signIn, type TestApp } from './helper'

/*
 * Webhooks end to end (docs/webhooks.md): a real receiver on 127.0.0.1 (WEBHOOK_PRIVATE_TARGETS
 * is true here) verifies every delivery with the standardwebhooks library.
 */

interface Received {
  headers: IncomingHttpHeaders
  body: string
  path: string
}

let receiver: Server
const received: Received[] = []
/** What the receiver answers, by path: a status code (200 when unset). */
const answers = new Map<string, number>()
let t: TestApp
let admin = ''
let base = ''

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString(), path })
      const code = answers.get(path) ?? 200
      response.writeHead(code, { 'content-type': 'text/plain' }).end(`answer ${code} `.repeat(200))
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  t = await buildTestApp({ WEBHOOK_PRIVATE_TARGETS: 'true' })
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => receiver.close(resolve))
})
beforeEach(() => {
  answers.clear()
})

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  cookie = admin,
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: '127.0.0.1',
    headers: { cookie },
    ...(body === undefined ? {} : { payload: body as object }),
  })

let paths = 0
/** An endpoint on the receiver at its own path; answers it and its secret. */
async function endpoint(events: string[] = ['*'], extra: Record<string, unknown> = {}) {
  const path = `/hook-${++paths}`
  const answer = await inject('POST', '/v1/webhooks', {
    url: `${base}${path}`,
    description: `Endpoint ${paths}`,
    events,
    ...extra,
  })
  expect(answer.statusCode, answer.body).toBe(200)
  const { endpoint, secret } = answer.json<{
    results: { endpoint: WebhookEndpoint; secret: string }
  }>().results
  return { endpoint, secret, path }
}

const at = (path: string) => received.filter((r) => r.path === path)

/** Waits (without a fixed sleep) until the receiver heard `count` deliveries at `path`. */
async function heard(path: string, count = 1) {
  await vi.waitFor(() => expect(at(path).length).toBeGreaterThanOrEqual(count), {
    timeout: 8_000,
    interval: 25,
  })
  return at(path)
}

const verify = (secret: string, delivery: Received) =>
  new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as WebhookPayload

async function deliveries(endpointId: string, query = '') {
  const answer = await inject('GET', `/v1/webhooks/${endpointId}/deliveries${query}`)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<{ results: DeliveriesResults }>().results
}

async function waitForStatus(endpointId: string, status: WebhookDelivery['status'], count = 1) {
  await vi.waitFor(
    async () => {
      const { deliveries: rows } = await deliveries(endpointId)
      expect(rows.filter((row) => row.status === status).length).toBeGreaterThanOrEqual(count)
    },
    { timeout: 8_000, interval: 50 },
  )
  return (await deliveries(endpointId)).deliveries
}

function inviteBody() {
  const n = Math.random().toString(36).slice(2, 8)
  return {
    nameFirst: 'Grace',
    nameLast: 'Hopper',
    email: `grace.${n}@example.com`,
    phone: null,
    type: 'INTERNAL',
    permissions: ['services.read'],
  }
}

/** Makes a failed delivery due now and tries it. */
async function retryNow(id: string) {
  await t.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, id))
  await t.app.outbox.deliverNow([id])
}

describe('endpoints', () => {
  it('creates, reads, lists, changes and deletes; the secret is answered once; each change audited', async () => {
    const { endpoint: made, secret } = await endpoint(['user.created', 'account.locked'])
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(made).toMatchObject({
      events: ['user.created', 'account.locked'],
      enabled: true,
      disabledReason: null,
      rotation: null,
      ownerName: 'Gatehouse Administrator',
      lastDelivery: null,
    })
    expect(made.secretHint).toBe(`${secret.slice(0, 9)}…`)
    const read = await inject('GET', `/v1/webhooks/${made.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.body).not.toContain(secret)
    const list = await inject('GET', '/v1/webhooks')
    expect(
      list.json<{ results: { endpoints: WebhookEndpoint[] } }>().results.endpoints[0]!.id,
    ).toBe(made.id)
    expect(list.body).not.toContain(secret)
    // The stored secret is sealed, not the secret itself.
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.id))
    expect(row!.secret).not.toContain(secret.slice(6))
    expect(row!.secret).toMatch(/^v1\./)

    const changed = await inject('PATCH', `/v1/webhooks/${made.id}`, {
      description: 'Changed',
      enabled: false,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(
      changed.json<{ results: { endpoint: WebhookEndpoint } }>().results.endpoint,
    ).toMatchObject({ description: 'Changed', enabled: false, disabledReason: 'staff' })
    const enabled = await inject('PATCH', `/v1/webhooks/${made.id}`, { enabled: true })
    expect(
      enabled.json<{ results: { endpoint: WebhookEndpoint } }>().results.endpoint,
    ).toMatchObject({ enabled: true, disabledReason: null })
    expect((await inject('PATCH', `/v1/webhooks/${made.id}`, {})).statusCode).toBe(400)

    const gone = await inject('DELETE', `/v1/webhooks/${made.id}`)
    expect(gone.statusCode).toBe(200)
    expect(gone.json()).toEqual({ success: true })
    expect((await inject('GET', `/v1/webhooks/${made.id}`)).statusCode).toBe(404)
    expect((await inject('DELETE', `/v1/webhooks/${made.id}`)).statusCode).toBe(404)

    const actions = (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.action, 'webhook.updated'))
    ).length
    expect(actions).toBeGreaterThanOrEqual(2)
    const logs = await call(t, 'GET', '/v1/logs?kinds=webhooks', undefined, { cookie: admin })
    expect(logs.statusCode, logs.body).toBe(200)
    const sentences = logs.json<{ results: { events: LogEvent[] } }>().results.events.map(logText)
    expect(sentences).toContain(`admin@example.com added the webhook endpoint ${base}/hook-1`)
    expect(sentences).toContain(`admin@example.com deleted the webhook endpoint ${base}/hook-1`)
    expect(sentences).toContain(
      `admin@example.com changed the webhook endpoint ${base}/hook-1: turned it off and the description from Endpoint 1 to Changed`,
    )
  })

  it('refuses bad events and descriptions with the rule broken (422)', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const answer = await inject('POST', '/v1/webhooks', {
        url: `${base}/x`,
        description: '',
        events: ['*'],
        ...body,
      })
      expect(answer.statusCode, answer.body).toBe(422)
      expect(answer.json()).toMatchObject({ success: false, error: { code: 1001, message } })
    }
    await bad({ events: [] }, 'Choose at least one event.')
    await bad({ events: ['no.such'] }, 'Choose events from the list.')
    await bad({ events: ['*', 'user.created'] }, 'Choose events from the list.')
    await bad({ url: '' }, 'Enter a web address.')
    await bad({ url: 'not a url' }, 'Enter a web address.')
    await bad({ url: 'ftp://example.com/x' }, 'Use an https:// address.')
    await bad(
      { url: 'https://user:pw@example.com/x' },
      'Leave user names and passwords out of the address.',
    )
    await bad({ description: 'x'.repeat(201) }, 'Keep the description to 200 characters.')
    await bad({ description: 'a\u0007b' }, 'Remove the control characters from the description.')
    expect(
      (await inject('POST', '/v1/webhooks', { url: `${base}/x`, description: '', events: 'x' }))
        .statusCode,
    ).toBe(400)
    expect((await inject('GET', '/v1/webhooks/not-an-id')).statusCode).toBe(400)
  })
})

describe('deliveries', () => {
  it('a user.created event after POST /v1/users arrives signed; the payload carries no secrets', async () => {
    const { endpoint: made, secret, path } = await endpoint(['user.created'])
    const invited = await call(t, 'POST', '/v1/users', inviteBody(), { cookie: admin })
    expect(invited.statusCode, invited.body).toBe(200)
    const userId = invited.json<{ results: { user: { id: string } } }>().results.user.id
    const [delivery] = await heard(path)
    expect(delivery!.headers['content-type']).toBe('application/json')
    expect(delivery!.headers['user-agent']).toBe('Gatehouse-Webhooks/1')
    expect(String(delivery!.headers['webhook-id'])).toMatch(/^msg_[0-9a-f]{32}$/)
    const payload = verify(secret, delivery!)
    expect(payload.type).toBe('user.created')
    expect(payload.data.event).toMatchObject({
      action: 'user.created',
      outcome: 'success',
      actor: { name: 'Gatehouse Administrator' },
      via: null,
    })
    expect(payload.data.user).toMatchObject({
      id: userId,
      nameFirst: 'Grace',
      type: 'INTERNAL',
      active: true,
      locked: false,
    })
    expect(Object.keys(payload.data.user!).sort()).toEqual(
      [
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
      ].sort(),
    )
    // A whitelist: nothing of the password, links or codes.
    expect(delivery!.body).not.toMatch(/password|hash|argon|token|link|secret/i)
    // A wrong secret does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(32).toString('base64')}`, delivery!)).toThrow()

    const log = await waitForStatus(made.id, 'sent')
    expect(log[0]).toMatchObject({
      endpointId: made.id,
      eventType: 'user.created',
      eventId: delivery!.headers['webhook-id'],
      status: 'sent',
      attempts: 1,
      lastCode: 200,
      nextAttemptAt: null,
    })
    expect(log[0]!.responseExcerpt!.length).toBe(500)
    const detail = await inject('GET', `/v1/webhooks/${made.id}/deliveries/${log[0]!.id}`)
    const { attempts } = detail.json<{ results: DeliveryDetailResults }>().results
    expect(attempts).toHaveLength(1)
    expect(attempts[0]).toMatchObject({ code: 200, error: null })
    const listed = await inject('GET', `/v1/webhooks/${made.id}`)
    expect(
      listed.json<{ results: { endpoint: WebhookEndpoint } }>().results.endpoint.lastDelivery,
    ).toMatchObject({ status: 'sent', code: 200 })
  })

  it('sends only the events an endpoint asked for; sign-in failures as login.failed', async () => {
    const locked = await endpoint(['account.locked'])
    const failures = await endpoint(['login.failed'])
    const user = await createUser(t)
    await call(t, 'POST', '/v1/login', { username: user.email, password: 'Wrong#Pass1234' })
    const [delivery] = await heard(failures.path)
    const payload = verify(failures.secret, delivery!)
    expect(payload.type).toBe('login.failed')
    expect(payload.data.event.action).toBe('login')
    expect(payload.data.event.outcome).not.toBe('success')
    expect(JSON.stringify(payload)).not.toContain('Wrong#Pass1234')
    expect(
      await t.db.select().from(outbox).where(eq(outbox.endpointId, locked.endpoint.id)),
    ).toHaveLength(0)
  })

  it('a rolled-back change queues nothing', async () => {
    const { endpoint: made } = await endpoint(['user.created'])
    const queued = (db: typeof t.db) =>
      db.select().from(outbox).where(eq(outbox.endpointId, made.id))
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { ip: '127.0.0.1', userAgent: 'test' },
          { action: AuditAction.userCreated, outcome: 'success' },
        )
        expect(await queued(tx)).toHaveLength(1)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await queued(t.db)).toHaveLength(0)
  })

  it('retries a failure with backoff, in order per endpoint, and logs every attempt', async () => {
    const { endpoint: made, secret, path } = await endpoint(['webhook.test'])
    answers.set(path, 503)
    const first = (await inject('POST', `/v1/webhooks/${made.id}/test`)).json<{
      results: { delivery: WebhookDelivery }
    }>().results.delivery
    expect(first).toMatchObject({ eventType: 'webhook.test', status: 'pending' })
    const failed = await waitForStatus(made.id, 'failed')
    const row = failed.find((d) => d.id === first.id)!
    expect(row).toMatchObject({
      attempts: 1,
      lastCode: 503,
      lastError: 'The endpoint answered 503.',
    })
    // Backoff: the second attempt is due about 5 s later (4–6 s with jitter), not at once.
    const wait = Date.parse(row.nextAttemptAt!) - Date.now()
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(6_000)

    // A newer event waits for the older one of its endpoint.
    const second = (await inject('POST', `/v1/webhooks/${made.id}/test`)).json<{
      results: { delivery: WebhookDelivery }
    }>().results.delivery
    await t.app.outbox.deliverNow([second.id])
    const [held] = await t.db.select().from(outbox).where(eq(outbox.id, second.id))
    expect(held!.status).toBe('pending')
    expect(at(path)).toHaveLength(1)

    // The server retries on its own about 5 s after the failure (not at the 15 s tick).
    answers.set(path, 204)
    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(outbox).where(eq(outbox.id, first.id))
        expect(row!.status).toBe('sent')
      },
      { timeout: 12_000, interval: 100 },
    )
    const sent = await waitForStatus(made.id, 'sent', 2)
    expect(sent.map((d) => d.status)).toEqual(['sent', 'sent'])
    const hits = await heard(path, 3)
    // The first event came before the second, and the retry carried the same webhook-id.
    expect(hits[0]!.headers['webhook-id']).toBe(hits[1]!.headers['webhook-id'])
    expect(hits[2]!.headers['webhook-id']).not.toBe(hits[0]!.headers['webhook-id'])
    expect(verify(secret, hits[2]!).type).toBe('webhook.test')
    const detail = await inject('GET', `/v1/webhooks/${made.id}/deliveries/${first.id}`)
    const { delivery, attempts } = detail.json<{ results: DeliveryDetailResults }>().results
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2, lastCode: 204 })
    expect(attempts.map((a) => a.code)).toEqual([503, 204])
    expect(attempts[0]!.error).toBe('The endpoint answered 503.')
    // Paging and the status filter.
    const page = await deliveries(made.id, '?limit=1')
    expect(page.deliveries).toHaveLength(1)
    expect(page.more).toBe(true)
    const older = await deliveries(made.id, `?limit=1&before=${page.deliveries[0]!.id}`)
    expect(older.deliveries[0]!.id).toBe(first.id)
    expect(older.more).toBe(false)
    expect((await deliveries(made.id, '?status=failed')).deliveries).toHaveLength(0)
    expect((await inject('GET', `/v1/webhooks/${made.id}/deliveries?limit=0`)).statusCode).toBe(400)
  })

  it('gives up after a day of failures: the endpoint is turned off, audited, and its owner mailed', async () => {
    const owner = await createUser(t, { permissions: ['webhooks.write'] })
    const cookie = await signIn(t, owner.email, owner.password)
    const made = (
      await inject(
        'POST',
        '/v1/webhooks',
        { url: `${base}/failing`, description: '', events: ['webhook.test'] },
        cookie,
      )
    ).json<{ results: { endpoint: WebhookEndpoint } }>().results.endpoint
    answers.set('/failing', 500)
    const test = (await inject('POST', `/v1/webhooks/${made.id}/test`, undefined, cookie)).json<{
      results: { delivery: WebhookDelivery }
    }>().results.delivery
    await waitForStatus(made.id, 'failed')
    // A later event waits behind the failing one.
    const later = (await inject('POST', `/v1/webhooks/${made.id}/test`, undefined, cookie)).json<{
      results: { delivery: WebhookDelivery }
    }>().results.delivery
    // The attempts before the last, as a day of retries would have made them.
    await t.db
      .update(outbox)
      .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, test.id))
    await retryNow(test.id)
    await waitForStatus(made.id, 'given_up')
    const after = (await inject('GET', `/v1/webhooks/${made.id}`)).json<{
      results: { endpoint: WebhookEndpoint }
    }>().results.endpoint
    expect(after).toMatchObject({ enabled: false, disabledReason: 'failing' })
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'webhook.disabled'))
    expect(audit.some((row) => row.detail?.endpointId === made.id)).toBe(true)
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.to, owner.email)))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(`${base}/failing`)
    // Later events are held while it is off, and a test event is refused.
    expect(
      (await inject('POST', `/v1/webhooks/${made.id}/test`, undefined, cookie)).statusCode,
    ).toBe(409)
    await t.app.outbox.deliverNow([later.id])
    const [held] = await t.db.select().from(outbox).where(eq(outbox.id, later.id))
    expect(held!.status).toBe('pending')
    // Turned on again, the held delivery goes.
    answers.set('/failing', 200)
    const on = await inject('PATCH', `/v1/webhooks/${made.id}`, { enabled: true }, cookie)
    expect(on.json<{ results: { endpoint: WebhookEndpoint } }>().results.endpoint).toMatchObject({
      enabled: true,
      disabledReason: null,
    })
    await t.app.outbox.deliverNow([later.id])
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, later.id))
    expect(sent!.status).toBe('sent')
  })

  it('rotation: both signatures are sent and either secret verifies', async () => {
    const { endpoint: made, secret: old, path } = await endpoint(['webhook.test'])
    const rotated = await inject('POST', `/v1/webhooks/${made.id}/rotate`)
    expect(rotated.statusCode).toBe(200)
    const { endpoint: after, secret } = rotated.json<{
      results: { endpoint: WebhookEndpoint; secret: string }
    }>().results
    expect(secret).not.toBe(old)
    expect(Date.parse(after.rotation!.until) - Date.now()).toBeGreaterThan(23 * 3_600_000)
    await inject('POST', `/v1/webhooks/${made.id}/test`)
    const [delivery] = await heard(path)
    expect(String(delivery!.headers['webhook-signature']).split(' ')).toHaveLength(2)
    expect(verify(old, delivery!).type).toBe('webhook.test')
    expect(verify(secret, delivery!).type).toBe('webhook.test')
    // Once the overlap is over, only the new secret signs.
    await t.db
      .update(webhookEndpoints)
      .set({ previousUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, made.id))
    await inject('POST', `/v1/webhooks/${made.id}/test`)
    const [, later] = await heard(path, 2)
    expect(String(later!.headers['webhook-signature']).split(' ')).toHaveLength(1)
    expect(() => verify(old, later!)).toThrow()
  })

  it('rotate-keys seals the signing secrets again: deliveries still verify', async () => {
    const { endpoint: made, secret, path } = await endpoint(['webhook.test'])
    const [before] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, made.id))
    await rotateFactorKey(t.db, { ip: 'local', userAgent: 'test' })
    const [after] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, made.id))
    expect(after!.secret).not.toBe(before!.secret)
    await inject('POST', `/v1/webhooks/${made.id}/test`)
    const [delivery] = await heard(path)
    expect(verify(secret, delivery!).type).toBe('webhook.test')
  })

  it('replays a delivery with the same webhook-id, audited', async () => {
    const { endpoint: made, secret, path } = await endpoint(['webhook.test'])
    const first = (await inject('POST', `/v1/webhooks/${made.id}/test`)).json<{
      results: { delivery: WebhookDelivery }
    }>().results.delivery
    await heard(path)
    await waitForStatus(made.id, 'sent')
    const replay = await inject('POST', `/v1/webhooks/${made.id}/deliveries/${first.id}/replay`)
    expect(replay.statusCode, replay.body).toBe(200)
    const copy = replay.json<{ results: { delivery: WebhookDelivery } }>().results.delivery
    expect(copy.id).not.toBe(first.id)
    expect(copy.eventId).toBe(first.eventId)
    const [one, two] = await heard(path, 2)
    expect(two!.headers['webhook-id']).toBe(one!.headers['webhook-id'])
    expect(verify(secret, two!).type).toBe('webhook.test')
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'webhook.replayed'))
    expect(audit.some((row) => row.detail?.endpointId === made.id)).toBe(true)
    expect(
      (await inject('POST', `/v1/webhooks/${made.id}/deliveries/${made.id}/replay`)).statusCode,
    ).toBe(404)
  })

  it('deleting an endpoint cancels its deliveries still to be made', async () => {
    const { endpoint: made, path } = await endpoint(['webhook.test'])
    answers.set(path, 500)
    await inject('POST', `/v1/webhooks/${made.id}/test`)
    await waitForStatus(made.id, 'failed')
    await inject('POST', `/v1/webhooks/${made.id}/test`)
    expect((await inject('DELETE', `/v1/webhooks/${made.id}`)).statusCode).toBe(200)
    const rows = await t.db.select().from(outbox).where(eq(outbox.endpointId, made.id))
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled'])
  })

  it('the Queue lists webhook deliveries with the endpoint origin only', async () => {
    const answer = await call(t, 'GET', '/v1/queue?channel=webhook', undefined, { cookie: admin })
    expect(answer.statusCode, answer.body).toBe(200)
    const { messages } = answer.json<{ results: { messages: { recipient: string }[] } }>().results
    expect(messages.length).toBeGreaterThan(0)
    expect(messages[0]!.recipient).toBe(`${base}/…`)
  })

  it('a disabled user is inactive in the payload', async () => {
    const { secret, path } = await endpoint(['account.disabled'])
    const user = await createUser(t)
    const answer = await call(t, 'POST', '/v1/users/disable', { ids: [user.id] }, { cookie: admin })
    expect(answer.statusCode, answer.body).toBe(200)
    const [delivery] = await heard(path)
    const payload = verify(secret, delivery!)
    expect(payload.data.user).toMatchObject({ id: user.id, active: false })
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row!.disabledAt).not.toBeNull()
  })
})
