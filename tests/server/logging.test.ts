import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { redactUrl } from '../../server/logging'
import { ADMIN, call, sessionCookieOf, useTestApp } from './helper'

/** Every log line the app wrote, parsed. */
const lines: Record<string, unknown>[] = []
const raw: string[] = []
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    const text = chunk.toString()
    raw.push(text)
    for (const line of text.split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>)
    done()
  },
})

const t = useTestApp({}, { logger: { level: 'debug', stream } })
const logged = () => raw.join('')

describe('structured logs', () => {
  it('never show a sign-in’s password or the session cookie', async () => {
    const login = await call(t, 'POST', '/v1/login', {
      username: ADMIN.email,
      password: ADMIN.password,
    })
    expect(login.statusCode).toBe(200)
    const cookie = sessionCookieOf(login)
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(self.statusCode).toBe(200)
    // A bearer header is an API token (docs/access.md): this one names none.
    const bearer = await call(t, 'GET', '/v1/roles', undefined, {
      headers: { authorization: 'Bearer sekrit-bearer-token' },
    })
    expect(bearer.statusCode).toBe(401)
    expect(lines.length).toBeGreaterThan(2)
    expect(logged()).not.toContain(ADMIN.password)
    expect(logged()).not.toContain(cookie.split('=')[1])
    expect(logged()).not.toContain('sekrit-bearer-token')
  })

  it('put a request id on every request line, the same as the answer’s X-Request-Id', async () => {
    const response = await call(t, 'GET', '/v1/self')
    const id = response.headers['x-request-id'] as string
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const mine = lines.filter((line) => line.reqId === id)
    expect(mine.length).toBeGreaterThanOrEqual(2)
    for (const line of lines.filter((l) => 'req' in l || 'res' in l))
      expect(line.reqId).toEqual(expect.any(String))
  })

  it('keep a short safe incoming X-Request-Id, and replace an unsafe one', async () => {
    const kept = await call(t, 'GET', '/healthz', undefined, {
      headers: { 'x-request-id': 'lb-1234.abc' },
    })
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc')
    const evil = 'x\r\nfake: line' + 'y'.repeat(100)
    const replaced = await call(t, 'GET', '/healthz', undefined, {
      headers: { 'x-request-id': encodeURIComponent(evil) },
    })
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('error answers carry the request id', async () => {
    const refused = await call(t, 'POST', '/v1/login', { username: ADMIN.email, password: 'x' })
    expect(refused.statusCode).toBeGreaterThanOrEqual(400)
    expect(refused.json()).toMatchObject({
      success: false,
      error: { code: expect.any(Number) as number },
    })
    const id = refused.headers['x-request-id'] as string
    expect(id).toBeTruthy()
    expect(lines.some((line) => line.reqId === id)).toBe(true)
    const badUrl = await call(t, 'GET', '/v1/resettoken/%E0%A4%A')
    expect(badUrl.statusCode).toBe(400)
    expect(badUrl.headers['x-request-id']).toBeTruthy()
  })

  it('redact reset links, email links and query values in logged URLs', async () => {
    await call(t, 'GET', '/v1/resettoken/slug-that-is-secret')
    await call(t, 'POST', `/v1/passwordReset/${encodeURIComponent('person@example.com')}`)
    expect(logged()).not.toContain('slug-that-is-secret')
    expect(logged()).not.toContain('person')
    expect(redactUrl('/v1/passwordreset/abc?x=1')).toBe('/v1/passwordreset/[redacted]?x=[redacted]')
    expect(redactUrl('/verifyEmail/tok123')).toBe('/verifyEmail/[redacted]')
    expect(redactUrl('/v1/files/visage/a.png?expires=1&signature=zz')).toBe(
      '/v1/files/visage/a.png?expires=[redacted]&signature=[redacted]',
    )
    expect(redactUrl('/v1/self')).toBe('/v1/self')
  })
})
