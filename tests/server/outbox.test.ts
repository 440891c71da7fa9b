import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../server/db/schema/outbox'
import { MAX_ATTEMPTS } from '../../server/outbox/delivery'
import { enqueueMessage } from '../../server/repos/outbox'
import { buildTestApp, call, type TestApp } from './helper'
import { createUser, stringMatching, uniquePhone } from './fixtures'

/** A stand-in SMS gateway: fails while `failing` is set, records what it receives. */
let failing = true
const received: unknown[] = []
let gateway: Server
let t: TestApp

beforeAll(async () => {
  gateway = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (failing) {
        response.writeHead(503).end()
        return
      }
      received.push(JSON.parse(body))
      response.writeHead(200).end('{}')
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  const { port } = gateway.address() as AddressInfo
  t = await buildTestApp({ SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` })
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => gateway.close(resolve))
})

describe('outbound queue with an SMS gateway', () => {
  it('keeps a failed delivery (status failed) with its error and retries it later', async () => {
    const user = await createUser(t, { phone: uniquePhone(), use2fa: true })
    const step = await call(t, 'POST', '/v1/login', {
      username: user.email,
      password: user.password,
    })
    // The sign-in does not depend on the gateway: the code waits in the queue.
    expect(step.statusCode).toBe(200)

    const [queued] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, user.phone ?? ''))
    expect(queued).toMatchObject({ channel: 'sms', status: 'failed', attempts: 1 })
    expect(queued?.lastError).toContain('503')
    expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())

    failing = false
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, queued?.id ?? ''))
    await t.app.outbox.deliverNow([queued?.id ?? ''])
    const [sent] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, queued?.id ?? ''))
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    expect(received).toEqual([
      { to: user.phone, text: stringMatching(/^Your Gatehouse security code is \d{6}\./) },
    ])
  })

  it('gives up after the last attempt (status given_up) and keeps the error', async () => {
    failing = true
    const id = await enqueueMessage(t.db, { channel: 'sms', to: uniquePhone(), text: 'last try' })
    await t.db
      .update(outbox)
      .set({ status: 'failed', attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, id))
    await t.app.outbox.deliverNow([id])
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id))
    expect(row).toMatchObject({ status: 'given_up', attempts: MAX_ATTEMPTS })
    expect(row?.lastError).toContain('503')
    // A message that gave up is not tried again by the timer.
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, id))
    await t.app.outbox.deliverNow([id])
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, id))
    expect(after).toMatchObject({ status: 'given_up', attempts: MAX_ATTEMPTS })
  })

  it('tries again a claim whose lease ran out (status sending, its deliverer gone)', async () => {
    failing = false
    const id = await enqueueMessage(t.db, { channel: 'sms', to: uniquePhone(), text: 'claimed' })
    await t.db
      .update(outbox)
      .set({ status: 'sending', nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, id))
    await t.app.outbox.deliverNow([id])
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id))
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
  })
})
