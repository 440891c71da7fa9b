import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logText } from '../../schema/audit-text'
import type { LogEvent } from '../../schema/logs'
import type { Permission } from '../../schema/permissions'
import type { QueueMessage } from '../../schema/queue'
import { auditLog } from '../../server/db/schema/audit'
import { outbox } from '../../server/db/schema/outbox'
import { users } from '../../server/db/schema/users'
import { MAX_ATTEMPTS } from '../../server/outbox/delivery'
import { enqueueMessage } from '../../server/repos/outbox'
import { openEvents, topicsIn, type EventClient } from './events-helper'
import { createUser, uniquePhone } from './fixtures'
import { ADMIN, buildTestApp, call, signIn, type TestApp } from './helper'

/** A stand-in SMS gateway: fails while `failing` is set. */
let failing = true
let gateway: Server
let t: TestApp
let admin = ''
let base = ''
const clients: EventClient[] = []

beforeAll(async () => {
  gateway = createServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(failing ? 503 : 200).end('{}'))
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  const { port } = gateway.address() as AddressInfo
  t = await buildTestApp({ SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})
afterAll(async () => {
  clients.forEach((client) => client.close())
  await t.close()
  await new Promise((resolve) => gateway.close(resolve))
})

type Page = { messages: QueueMessage[]; cursor: string | null }
const list = async (query = '', cookie = admin) => {
  const answer = await call(t, 'GET', `/v1/queue${query}`, undefined, { cookie })
  expect(answer.statusCode).toBe(200)
  return answer.json<{ results: Page }>().results
}
const act = (id: string, action: string, cookie = admin) =>
  call(t, 'POST', `/v1/queue/${id}/${action}`, undefined, { cookie })

async function staff(permissions: Permission[], type: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL') {
  const user = await createUser(t, { permissions })
  if (type === 'EXTERNAL') await t.db.update(users).set({ type }).where(eq(users.id, user.id))
  return signIn(t, user.email, user.password)
}

/** A user with a second factor signs in: the security code goes to the failing gateway. */
async function failedCode() {
  const user = await createUser(t, { phone: uniquePhone(), use2fa: true })
  await call(t, 'POST', '/v1/login', { username: user.email, password: user.password })
  const [row] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, user.phone ?? ''))
  return { user, id: row!.id }
}

describe('GET /v1/queue', () => {
  it('lists a failed delivery with its error, the recipient masked and no text', async () => {
    const { user, id } = await failedCode()
    const { messages } = await list('?status=failed&channel=sms')
    const shown = messages.find((message) => message.id === id)
    expect(shown).toMatchObject({
      channel: 'sms',
      recipient: `******${user.phone!.slice(-4)}`,
      subject: null,
      status: 'failed',
      attempts: 1,
      lastError: 'SMS gateway answered 503 Service Unavailable',
      sentAt: null,
    })
    expect(Date.parse(shown!.nextAttemptAt!)).toBeGreaterThan(Date.now())
    expect(JSON.stringify(messages)).not.toMatch(/security code/i)
    expect(Object.keys(shown!)).not.toContain('text')
  })

  it('masks an address and filters by status and channel', async () => {
    const id = await enqueueMessage(t.db, {
      channel: 'email',
      to: 'grace.hopper@example.com',
      subject: 'Reset your password',
      text: 'https://secret.example/reset/abc',
    })
    await t.db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, id))
    const sent = await list('?status=sent&channel=email')
    expect(sent.messages.find((message) => message.id === id)).toMatchObject({
      recipient: 'g***@example.com',
      subject: 'Reset your password',
      nextAttemptAt: null,
    })
    expect((await list('?channel=sms')).messages.map((m) => m.id)).not.toContain(id)
    expect((await list('?status=failed')).messages.map((m) => m.id)).not.toContain(id)
  })

  it('pages newest first by cursor', async () => {
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push(await enqueueMessage(t.db, { channel: 'email', to: `p${i}@example.com`, text: 'x' }))
    }
    await t.db.update(outbox).set({ status: 'cancelled' }).where(eq(outbox.text, 'x'))
    const first = await list('?status=cancelled&limit=2')
    expect(first.messages.map((m) => m.id)).toEqual([ids[4], ids[3]])
    const second = await list(`?status=cancelled&limit=2&before=${first.cursor}`)
    expect(second.messages.map((m) => m.id)).toEqual([ids[2], ids[1]])
    const third = await list(`?status=cancelled&limit=2&before=${second.cursor}`)
    expect(third).toEqual({ messages: [expect.objectContaining({ id: ids[0] })], cursor: null })
  })

  it('refuses bad filters', async () => {
    const answer = await call(t, 'GET', '/v1/queue?status=lost', undefined, { cookie: admin })
    expect(answer.statusCode).toBe(400)
  })
})

describe('INTERNAL staff only', () => {
  it('refuses without queue.read, and an EXTERNAL user even with it', async () => {
    expect((await call(t, 'GET', '/v1/queue')).statusCode).toBe(401)
    const none = await staff(['users.read'])
    expect((await call(t, 'GET', '/v1/queue', undefined, { cookie: none })).statusCode).toBe(403)
    const external = await staff(['queue.read', 'queue.write'], 'EXTERNAL')
    for (const url of ['/v1/queue', '/v1/queue/attention']) {
      expect((await call(t, 'GET', url, undefined, { cookie: external })).statusCode).toBe(403)
    }
    const { id } = await failedCode()
    expect((await act(id, 'retry', external)).statusCode).toBe(403)
  })

  it('refuses the actions without queue.write', async () => {
    const reader = await staff(['queue.read'])
    const { id } = await failedCode()
    expect((await call(t, 'GET', '/v1/queue', undefined, { cookie: reader })).statusCode).toBe(200)
    expect((await act(id, 'retry', reader)).statusCode).toBe(403)
    expect((await act(id, 'cancel', reader)).statusCode).toBe(403)
  })
})

describe('POST /v1/queue/:id/retry and /cancel', () => {
  it('retries now: another attempt is made and audited', async () => {
    const { id } = await failedCode()
    const answer = await act(id, 'retry')
    expect(answer.statusCode).toBe(200)
    expect(answer.json<{ results: { message: QueueMessage } }>().results.message).toMatchObject({
      id,
      status: 'failed',
      attempts: 2,
    })
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'queue.retry'))
    expect(audit?.outcome).toBe('success')
    expect(audit?.detail).toMatchObject({ messageId: id, channel: 'sms' })
    // Logs finds it by the Queue kind and reads it as a sentence.
    const logs = await call(t, 'GET', '/v1/logs?kinds=queue', undefined, { cookie: admin })
    const events = logs.json<{ results: { events: LogEvent[] } }>().results.events
    const event = events.find((e) => (e.detail as { messageId?: string }).messageId === id)
    expect(logText(event!)).toMatch(/ retried the text message to \*{6}\d{4}$/)
  })

  it('re-arms a message that gave up, and it is sent once the gateway works', async () => {
    const { id } = await failedCode()
    await t.db
      .update(outbox)
      .set({ status: 'given_up', attempts: MAX_ATTEMPTS })
      .where(eq(outbox.id, id))
    const attention = await call(t, 'GET', '/v1/queue/attention', undefined, { cookie: admin })
    expect(attention.json<{ results: { givenUp: QueueMessage[] } }>().results.givenUp).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, status: 'given_up' })]),
    )
    failing = false
    try {
      const answer = await act(id, 'retry')
      expect(answer.json<{ results: { message: QueueMessage } }>().results.message).toMatchObject({
        status: 'sent',
        attempts: MAX_ATTEMPTS + 1,
        lastError: null,
      })
    } finally {
      failing = true
    }
  })

  it('cancels a waiting message; it is never sent, and cannot be cancelled or retried again', async () => {
    const { id } = await failedCode()
    const answer = await act(id, 'cancel')
    expect(answer.json<{ results: { message: QueueMessage } }>().results.message).toMatchObject({
      status: 'cancelled',
      nextAttemptAt: null,
    })
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, id))
    await t.app.outbox.deliverNow([id])
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id))
    expect(row).toMatchObject({ status: 'cancelled', attempts: 1 })
    expect((await act(id, 'cancel')).statusCode).toBe(409)
    expect((await act(id, 'retry')).statusCode).toBe(409)
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'queue.cancel'))
    expect(audits.map((a) => (a.detail as { messageId: string }).messageId)).toContain(id)
  })

  it('answers 404 for an unknown message and 400 for an unknown action', async () => {
    const unknown = '01890000-0000-7000-8000-000000000000'
    expect((await act(unknown, 'retry')).statusCode).toBe(404)
    expect((await act(unknown, 'resend')).statusCode).toBe(400)
  })
})

describe('GET /v1/queue/attention', () => {
  it('lists permanently locked accounts', async () => {
    const user = await createUser(t)
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, user.id))
    const answer = await call(t, 'GET', '/v1/queue/attention', undefined, { cookie: admin })
    const { locked } = answer.json<{ results: { locked: { id: string; email: string }[] } }>()
      .results
    expect(locked).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: user.id, email: user.email })]),
    )
  })
})

describe('live: the outbox and audit topics', () => {
  it('tells staff who may read the queue when the outbox changes, and not others', async () => {
    const staffClient = await openEvents(`${base}/v1/events`, admin)
    const external = await staff(['queue.read', 'dashboard.read'], 'EXTERNAL')
    const externalClient = await openEvents(`${base}/v1/events`, external)
    clients.push(staffClient, externalClient)
    await staffClient.next((block) => block.startsWith(': connected'))
    await externalClient.next((block) => block.startsWith(': connected'))
    await enqueueMessage(t.db, { channel: 'email', to: 'live@example.com', text: 'x' })
    const block = await staffClient.next((b) => topicsIn(b).includes('outbox'))
    expect(block).toMatch(/^data: \{"topics":\[.*"outbox".*\]\}$/)
    await call(t, 'POST', '/v1/login', { username: 'nobody@example.com', password: 'wrong#Pass1' })
    await staffClient.next((b) => topicsIn(b).includes('audit'))
    await expect(externalClient.next((b) => topicsIn(b).length > 0, 500)).rejects.toThrow(
      /no matching event/,
    )
  })

  it('ends the stream of staff who lost queue.read; the new one hears no outbox notices', async () => {
    const user = await createUser(t, { permissions: ['queue.read', 'users.read'] })
    const cookie = await signIn(t, user.email, user.password)
    const client = await openEvents(`${base}/v1/events`, cookie)
    clients.push(client)
    await client.next((block) => block.startsWith(': connected'))
    const changed = await call(
      t,
      'PUT',
      `/v1/user/${user.id}/access`,
      { type: 'INTERNAL', permissions: ['users.read'] },
      { cookie: admin },
    )
    expect(changed.statusCode).toBe(200)
    await client.ended
    const again = await openEvents(`${base}/v1/events`, cookie)
    clients.push(again)
    await again.next((block) => block.startsWith(': connected'))
    await enqueueMessage(t.db, { channel: 'email', to: 'gone@example.com', text: 'x' })
    await expect(again.next((b) => topicsIn(b).length > 0, 500)).rejects.toThrow(
      /no matching event/,
    )
  })
})
