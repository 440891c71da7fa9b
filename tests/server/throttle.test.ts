import { describe, expect, it } from 'vitest'
import { ADMIN, call, useTestApp } from './helper'

const t = useTestApp({ THROTTLE_MAX_FAILURES: '3', THROTTLE_WINDOW_SECONDS: '120' })

const login = (ip: string, password: string, username = 'someone@example.com') =>
  call(t, 'POST', '/v1/login', { username, password }, { ip })

describe('throttle by client address', () => {
  it('answers 823 with Retry-After once an address has failed too often', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login('203.0.113.7', `Wrong#${i}aa`)).statusCode).toBe(401)
    }
    const refused = await login('203.0.113.7', ADMIN.password, ADMIN.email)
    expect(refused.statusCode).toBe(429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(120)
    const body = refused.json<{ success: boolean; error: { code: number; message: string } }>()
    expect(body.success).toBe(false)
    expect(body.error.code).toBe(823)
    expect(body.error.message).toContain(`Try again in ${retryAfter} seconds`)
  })

  it('leaves other addresses alone', async () => {
    const response = await login('203.0.113.8', ADMIN.password, ADMIN.email)
    expect(response.statusCode).toBe(200)
  })

  it('also guards the code step', async () => {
    for (let i = 0; i < 3; i++) await login('203.0.113.9', `Wrong#${i}aa`)
    const response = await call(
      t,
      'POST',
      '/v1/login/verify',
      {
        userId: '01900000-0000-7000-8000-000000000000',
        requestId: '01900000-0000-7000-8000-000000000001',
        accessCode: '123456',
        service: 'sso',
      },
      { ip: '203.0.113.9' },
    )
    expect(response.statusCode).toBe(429)
    expect(response.json()).toMatchObject({ error: { code: 823 } })
  })
})
