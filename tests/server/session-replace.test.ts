import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions } from '../../server/db/schema/sessions'
import { createUser, uniquePhone } from './fixtures'
import { call, latestSmsCode, sessionCookieOf, useTestApp } from './helper'

const t = useTestApp()

const sessionsOf = (userId: string) =>
  t.db.select().from(sessions).where(eq(sessions.userId, userId))
const self = (cookie: string) => call(t, 'GET', '/v1/self', undefined, { cookie })

describe('signing in again from the same browser', () => {
  it('ends the session its cookie named: one row, and the old cookie is dead', async () => {
    const user = await createUser(t)
    const body = { username: user.email, password: user.password }
    const first = sessionCookieOf(await call(t, 'POST', '/v1/login', body))
    const again = await call(t, 'POST', '/v1/login', body, { cookie: first })
    expect(again.statusCode).toBe(200)
    const second = sessionCookieOf(again)
    expect(await sessionsOf(user.id)).toHaveLength(1)
    expect((await self(first)).statusCode).toBe(401)
    expect((await self(second)).statusCode).toBe(200)
  })

  it('ends it at the security-code step too', async () => {
    const phone = uniquePhone()
    const user = await createUser(t, { phone, use2fa: true })
    const password = { username: user.email, password: user.password }
    const signInWithCode = async (cookie?: string) => {
      const step = await call(t, 'POST', '/v1/login', password, { cookie })
      const { mfaId } = step.json<{ results: { mfaId: string } }>().results
      const verify = {
        userId: user.id,
        requestId: mfaId,
        accessCode: latestSmsCode(t, phone),
        service: 'sso',
      }
      return call(t, 'POST', '/v1/login/verify', verify, { cookie })
    }
    const first = sessionCookieOf(await signInWithCode())
    const again = await signInWithCode(first)
    expect(again.statusCode).toBe(200)
    expect(await sessionsOf(user.id)).toHaveLength(1)
    expect((await self(first)).statusCode).toBe(401)
  })

  it('leaves other browsers’ sessions of the same user alone', async () => {
    const user = await createUser(t)
    const body = { username: user.email, password: user.password }
    const elsewhere = sessionCookieOf(await call(t, 'POST', '/v1/login', body))
    await call(t, 'POST', '/v1/login', body)
    expect(await sessionsOf(user.id)).toHaveLength(2)
    expect((await self(elsewhere)).statusCode).toBe(200)
  })

  it('ends the previous session even when another user signs in on that browser', async () => {
    const [one, two] = [await createUser(t), await createUser(t)]
    const first = sessionCookieOf(
      await call(t, 'POST', '/v1/login', { username: one.email, password: one.password }),
    )
    const body = { username: two.email, password: two.password }
    expect((await call(t, 'POST', '/v1/login', body, { cookie: first })).statusCode).toBe(200)
    expect(await sessionsOf(one.id)).toHaveLength(0)
  })
})
