import { describe, expect, it } from 'vitest'
import { ADMIN, call, useTestApp } from './helper'

const t = useTestApp({ PUBLIC_URL: 'https://sso.example.com' })

const login = (headers: Record<string, string>) =>
  call(t, 'POST', '/v1/login', { username: ADMIN.email, password: ADMIN.password }, { headers })

describe('unsafe requests from another origin', () => {
  it.each([
    [{ origin: 'https://evil.example.net' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site', origin: 'https://sso.example.com' }],
  ])('refuses %o with 403', async (headers) => {
    const response = await login(headers)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      success: false,
      error: { code: 403, message: 'Requests from another site are not allowed.' },
    })
  })

  it.each([
    [{ origin: 'https://sso.example.com', 'sec-fetch-site': 'same-origin' }],
    [{ origin: 'http://localhost:80', host: 'localhost:80' }],
    [{ 'sec-fetch-site': 'none' }],
    [{}],
  ])('allows %o', async (headers) => {
    expect((await login(headers)).statusCode).toBe(200)
  })

  it('lets safe methods through from anywhere', async () => {
    const response = await call(t, 'GET', '/v1/self', undefined, {
      headers: { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
    })
    expect(response.statusCode).toBe(401)
  })

  it('names the cookie __Host- and marks it Secure under https', async () => {
    const response = await login({})
    const cookie = response.cookies[0]
    expect(cookie?.name).toBe('__Host-gatehouse_session')
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' })
    expect(response.headers['strict-transport-security']).toContain('max-age=')
  })
})
