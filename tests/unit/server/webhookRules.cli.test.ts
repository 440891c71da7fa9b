import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { ACTION_KINDS } from '../../../schema/log-kinds'
import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_WORDS,
} from '../../../schema/webhooks'
import { isPrivateAddress } from '../../../server/domain/private-address'
import {
  RETRY_SCHEDULE_MS,
  WEBHOOK_MAX_ATTEMPTS,
  eventTypeOf,
  eventsProblem,
  sanitizeDetail,
  urlProblem,
  webhookPayload,
  webhookRetryDelayMs,
} from '../../../server/domain/webhooks'
import { sendWebhook, signatures } from '../../../server/outbox/webhook-transport'

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up: about a day', () => {
    const middle = [1, 2, 3, 4, 5, 6, 7].map((n) => webhookRetryDelayMs(n, 0.5))
    expect(middle).toEqual([...RETRY_SCHEDULE_MS])
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS, 0.5)).toBeNull()
    const total = middle.reduce((a, b) => a! + b!, 0)!
    expect(total / 3_600_000).toBeGreaterThan(20)
    expect(total / 3_600_000).toBeLessThan(30)
  })
  it('jitters by ±20 %', () => {
    expect(webhookRetryDelayMs(1, 0)).toBe(4_000)
    expect(webhookRetryDelayMs(1, 0.999999)).toBeCloseTo(6_000, -1)
    expect(webhookRetryDelayMs(7, 0)).toBe(8 * 3_600_000)
  })
})

describe('sanitising', () => {
  it('keeps whitelisted plain fields only and never secrets, links or codes', () => {
    const detail = sanitizeDetail({
      reason: 'wrong password',
      serviceId: 'abc',
      password: 'Secret#1',
      passwordHash: '$argon2id$…',
      link: 'https://sso.example.com/reset/abc',
      token: 'tok',
      code: '123456',
      secret: 'whsec_x',
      nested: { reason: 'x' },
      changes: {
        email: { before: 'a@x.com', after: 'b@x.com' },
        passwordHash: { before: 'h1', after: 'h2' },
        secret: { before: 's1', after: 's2' },
      },
    })
    expect(detail).toEqual({
      reason: 'wrong password',
      serviceId: 'abc',
      changes: {
        email: { before: 'a@x.com', after: 'b@x.com' },
        passwordHash: { changed: true },
        secret: { changed: true },
      },
    })
    expect(sanitizeDetail(null)).toEqual({})
  })
  it('builds the payload from the whitelisted user fields', () => {
    const now = new Date('2026-01-01T00:00:00Z')
    const user = {
      id: '0190a000-0000-7000-8000-000000000001',
      email: 'ada@example.com',
      nameFirst: 'Ada',
      nameLast: 'Lovelace',
      phone: null,
      type: 'INTERNAL',
      disabledAt: null,
      lockedAt: null,
      lockedUntil: new Date('2026-01-01T00:10:00Z'),
      createdAt: now,
      updatedAt: now,
      passwordHash: '$argon2id$secret',
    }
    const payload = JSON.parse(
      webhookPayload(
        'user.updated',
        {
          id: '0190a000-0000-7000-8000-000000000002',
          action: 'user.updated',
          outcome: 'success',
          at: now,
          ip: '10.0.0.7',
          actor: null,
          via: null,
          detail: { link: 'https://x' },
        },
        user,
        now,
      ),
    ) as { type: string; data: { user: Record<string, unknown>; event: { detail: object } } }
    expect(payload.type).toBe('user.updated')
    expect(payload.data.user).toMatchObject({ active: true, locked: true })
    expect(payload.data.user).not.toHaveProperty('passwordHash')
    expect(payload.data.event.detail).toEqual({})
  })
})

describe('addresses and events', () => {
  it('knows private, loopback and public addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true)
    for (const ip of [
      '93.184.216.34',
      '2606:2800:220:1:248:1893:25c8:1946',
      '::ffff:93.184.216.34',
    ])
      expect(isPrivateAddress(ip), ip).toBe(false)
  })
  it('allows http and private addresses only with WEBHOOK_PRIVATE_TARGETS', () => {
    expect(urlProblem('https://hooks.example.com/x', false)).toBeNull()
    expect(urlProblem('http://hooks.example.com/x', false)).toBe('Use an https:// address.')
    expect(urlProblem('http://127.0.0.1:9/x', true)).toBeNull()
    expect(urlProblem('https://127.0.0.1/x', false)).toBe(
      'Private and loopback addresses are not allowed here.',
    )
    expect(urlProblem('ftp://hooks.example.com/x', true)).toBe('Use an https:// address.')
  })
  it('lists every Logs action, login.failed and webhook.test, each with words and a group', () => {
    for (const action of Object.values(ACTION_KINDS).flat())
      expect(WEBHOOK_EVENT_TYPES).toContain(action)
    expect(WEBHOOK_EVENT_TYPES).toContain('login.failed')
    expect(WEBHOOK_EVENT_TYPES).toContain('webhook.test')
    for (const type of WEBHOOK_EVENT_TYPES) expect(WEBHOOK_EVENT_WORDS[type], type).toBeTruthy()
    const grouped = WEBHOOK_EVENT_GROUPS.flatMap((group) => group.events)
    for (const type of WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test'))
      expect(grouped).toContain(type)
    expect(eventsProblem(['*'])).toBeNull()
    expect(eventsProblem([])).toBe('Choose at least one event.')
  })
  it('tells failed sign-in steps as login.failed', () => {
    expect(eventTypeOf('login', 'failure')).toBe('login.failed')
    expect(eventTypeOf('login.verify', 'refused')).toBe('login.failed')
    expect(eventTypeOf('login', 'success')).toBe('login')
    expect(eventTypeOf('user.created', 'failure')).toBe('user.created')
  })
})

describe('sending', () => {
  it('refuses a name that resolves to a private address at delivery time, posting nothing', async () => {
    let hits = 0
    const server = createServer((request, response) => {
      hits += 1
      response.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    try {
      const answer = await sendWebhook({
        url: `https://hooks.example.com:${port}/x`,
        eventId: 'msg_1',
        payload: '{}',
        secrets: [`whsec_${Buffer.alloc(32, 1).toString('base64')}`],
        allowPrivate: false,
        // As if the name's DNS had changed to this machine since the endpoint was saved.
        resolve: (_host, _options, callback) =>
          callback(null, [{ address: '127.0.0.1', family: 4 }]),
      })
      expect(answer).toMatchObject({
        code: null,
        error: 'Private and loopback addresses are not allowed here.',
      })
      expect(hits).toBe(0)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
  it('signs with every secret given, each verifiable alone', () => {
    const one = `whsec_${Buffer.alloc(32, 1).toString('base64')}`
    const two = `whsec_${Buffer.alloc(32, 2).toString('base64')}`
    const at = new Date()
    const header = signatures([one, two], 'msg_1', at, '{"a":1}')
    expect(header.split(' ')).toHaveLength(2)
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': header,
    }
    expect(new Webhook(one).verify('{"a":1}', headers)).toEqual({ a: 1 })
    expect(new Webhook(two).verify('{"a":1}', headers)).toEqual({ a: 1 })
  })
})
