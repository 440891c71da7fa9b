import { describe, expect, it } from 'vitest'
import { ADMIN, call, signIn, useTestApp } from './helper'

const t = useTestApp()

const failureOf = (response: { statusCode: number; json: <T>() => T }) =>
  response.json<{ success: boolean; error: { code: number; message: string } }>()

describe('request bodies that do not fit their schema', () => {
  it.each([
    [{}, 'username is required; password is required'],
    [{ username: 'a@example.com' }, 'password is required'],
    [{ username: 42, password: 'x' }, 'username must be string'],
    [{ username: 'a@example.com', password: 'x', admin: true }, 'admin is not an allowed field'],
    [
      { username: 'a'.repeat(255), password: 'x' },
      'username must not have more than 254 characters',
    ],
    [
      { username: 'a@example.com', password: 'p'.repeat(65) },
      'password must not have more than 64',
    ],
    [
      { username: 'a@example.com', password: 'x', code: '12ab' },
      'code is not in the expected format',
    ],
  ])('POST /v1/login %o → 400 naming the problem', async (body, message) => {
    const response = await call(t, 'POST', '/v1/login', body)
    expect(response.statusCode).toBe(400)
    const failure = failureOf(response)
    expect(failure.success).toBe(false)
    expect(failure.error.code).toBe(1001)
    expect(failure.error.message).toContain(message)
  })

  it('refuses malformed JSON with 400', async () => {
    const response = await call(t, 'POST', '/v1/login', '{"username": ', {
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(failureOf(response).error.message).toMatch(/^The request body is not valid JSON/)
  })

  it('refuses a body that is not an object', async () => {
    const response = await call(t, 'POST', '/v1/login', '"text"', {
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(failureOf(response).error.message).toContain('must be object')
  })

  it('refuses a missing body with 400', async () => {
    const response = await call(t, 'POST', '/v1/login')
    expect(response.statusCode).toBe(400)
    expect(failureOf(response).error.code).toBe(1001)
  })

  it('refuses another media type with 415', async () => {
    const response = await call(t, 'POST', '/v1/login', 'username=a', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.statusCode).toBe(415)
    expect(failureOf(response).success).toBe(false)
  })

  it('refuses an oversized body with 413', async () => {
    const response = await call(t, 'POST', '/v1/login', {
      username: 'a@example.com',
      password: 'x',
      padding: 'x'.repeat(100 * 1024),
    })
    expect(response.statusCode).toBe(413)
    expect(failureOf(response).error.message).toBe('The request body is too large.')
  })

  it('checks params: a user id that is not a uuid is 400', async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password)
    const response = await call(
      t,
      'PUT',
      '/v1/user/42/name',
      { nameFirst: 'A', nameLast: 'B' },
      {
        cookie,
      },
    )
    expect(response.statusCode).toBe(400)
    expect(failureOf(response).error.message).toContain('id must match format "uuid"')
  })

  it('refuses empty names and wrong types on profile calls', async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password)
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie })
    const id = self.json<{ results: { user: { id: string } } }>().results.user.id
    const name = await call(
      t,
      'PUT',
      `/v1/user/${id}/name`,
      { nameFirst: '', nameLast: 'B' },
      { cookie },
    )
    expect(name.statusCode).toBe(400)
    expect(failureOf(name).error.message).toContain('nameFirst must not be empty')
    const mfa = await call(t, 'PUT', `/v1/user/${id}/mfa`, { use2FA: 'yes' }, { cookie })
    expect(mfa.statusCode).toBe(400)
    expect(failureOf(mfa).error.message).toContain('use2FA must be boolean')
  })
})

describe('unknown addresses', () => {
  it('answers 404 in the envelope under /v1', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(t, method, '/v1/no/such/thing')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        success: false,
        error: { code: 404, message: `No such address: ${method} /v1/no/such/thing` },
      })
    }
  })
})
