import { describe, expect, it } from 'vitest'
import { buildTestApp, call, useTestApp } from './helper'

const t = useTestApp()

describe('health endpoints (Keycloak shape)', () => {
  it('GET /healthz: UP, without a session', async () => {
    const response = await call(t, 'GET', '/healthz')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'UP', checks: [] })
  })

  it('GET /readyz: the database answers and every migration is applied', async () => {
    const response = await call(t, 'GET', '/readyz')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'UP',
      checks: [
        { name: 'database', status: 'UP', data: { kind: expect.any(String) as string } },
        { name: 'migrations', status: 'UP' },
      ],
    })
  })

  it('GET /readyz: DOWN (503) when the database is away; /healthz stays UP', async () => {
    const other = await buildTestApp()
    try {
      await other.app.ready()
      await other.app.database.close()
      const ready = await call(other, 'GET', '/readyz')
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({
        status: 'DOWN',
        checks: [
          { name: 'database', status: 'DOWN', data: { kind: expect.any(String) as string } },
          { name: 'migrations', status: 'DOWN' },
        ],
      })
      const live = await call(other, 'GET', '/healthz')
      expect(live.statusCode).toBe(200)
    } finally {
      await other.app.close()
    }
    // A second app on a loaded machine takes a while to build.
  }, 120_000)
})
