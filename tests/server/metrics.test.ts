import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userEventLabels } from '../../server/plugins/metrics'
import { ADMIN, buildTestApp, call, signIn, type TestApp, useTestApp } from './helper'

/** The value of one sample in the exposition text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}

const scrape = async (t: TestApp) => {
  const response = await call(t, 'GET', '/metrics')
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  return response.body
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      )
    })
  })
}

describe('METRICS_ENABLED=true: GET /metrics on the main port', () => {
  const t = useTestApp({ METRICS_ENABLED: 'true' })

  it('counts sign-ins by outcome and reason in keycloak_user_events_total’s shape', async () => {
    await call(t, 'POST', '/v1/login', { username: ADMIN.email, password: 'Wrong#Pass2026' })
    await call(t, 'POST', '/v1/login', { username: 'nobody@example.com', password: 'Wrong#1aaaa' })
    await signIn(t, ADMIN.email, ADMIN.password)
    const text = await scrape(t)
    const events = (labels: Record<string, string>) =>
      sample(text, 'gatehouse_user_events_total', labels)
    expect(events({ event: 'login', outcome: 'success', error: '', client_id: '' })).toBe(1)
    expect(events({ event: 'login', outcome: 'failure', error: 'unknown_user' })).toBe(1)
    expect(text).toMatch(/gatehouse_user_events_total\{[^}]*outcome="failure"/)
  })

  it('has HTTP latency by declared route, method and status; sync rows; sessions; outbox; process', async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password)
    const sync = await call(t, 'POST', '/v1/sync/users', { cursor: null }, { cookie })
    expect(sync.statusCode).toBe(200)
    const served = sync.json<{ results: { nodes: unknown[] } }>().results.nodes.length
    expect(served).toBeGreaterThan(0)
    await call(
      t,
      'GET',
      `/v1/user/${'0'.repeat(8)}-0000-4000-8000-000000000000/timeline`,
      undefined,
      {
        cookie,
      },
    )
    await call(t, 'GET', '/no/such/address')

    const text = await scrape(t)
    expect(sample(text, 'gatehouse_sync_rows_total', { collection: 'users' })).toBe(served)
    expect(
      sample(text, 'gatehouse_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/v1/sync/users',
        status: '200',
      }),
    ).toBe(1)
    // The declared route, not the address asked for: no unbounded label values.
    expect(text).toMatch(/route="\/v1\/user\/:id\/timeline"/)
    expect(text).not.toContain('0000-4000-8000')
    expect(text).toMatch(/route="unmatched",status="404"/)
    expect(sample(text, 'gatehouse_sessions')).toBeGreaterThanOrEqual(2)
    expect(text).toContain('# TYPE gatehouse_outbox_messages gauge')
    expect(text).toContain('# TYPE gatehouse_outbox_retrying gauge')
    expect(text).toContain('process_cpu_user_seconds_total')
    expect(text).toContain('nodejs_heap_size_used_bytes')
  })

  it('labels OpenID Connect events with their client (detail.serviceKey)', () => {
    expect(
      userEventLabels({
        action: 'oidc.token',
        outcome: 'failure',
        detail: { serviceKey: 'wiki', reason: 'Invalid grant' },
      }),
    ).toEqual({
      event: 'oidc.token',
      outcome: 'failure',
      error: 'invalid_grant',
      client_id: 'wiki',
    })
  })
})

describe('metrics are off by default', () => {
  const t = useTestApp()

  it('GET /metrics is not there', async () => {
    const response = await call(t, 'GET', '/metrics')
    expect(response.statusCode).toBe(404)
    expect(t.app.metrics).toBeUndefined()
  })
})

describe('METRICS_PORT: metrics on their own listener only', () => {
  let t: TestApp
  let port = 0

  beforeAll(async () => {
    port = await freePort()
    t = await buildTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' })
    await t.app.ready()
  })
  afterAll(async () => {
    await t.close()
  })

  it('serves GET /metrics on METRICS_PORT, and nothing else there', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('# TYPE gatehouse_user_events_total counter')
    expect((await fetch(`http://127.0.0.1:${port}/v1/self`)).status).toBe(404)
  })

  it('does not serve /metrics on the main port', async () => {
    expect((await call(t, 'GET', '/metrics')).statusCode).toBe(404)
  })

  it('closes its listener with the app', async () => {
    const other = await buildTestApp({ METRICS_PORT: String(await freePort()) })
    await other.app.ready()
    const metricsPort = other.app.metrics!.port!
    await other.close()
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow()
  }, 120_000)
})
