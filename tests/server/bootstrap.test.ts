import { statSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Permissions } from '../../schema/permissions'
import { ensureAdministrator, signInInstructions } from '../../server/use-cases/first-administrator'
import { users } from '../../server/db/schema/users'
import { passwordPolicyFailures } from '../../schema/new-password'
import { buildTestApp, call, signIn, type TestApp } from './helper'

let t: TestApp
beforeAll(async () => {
  // No ADMIN_PASSWORD: the first start generates one.
  t = await buildTestApp({ ADMIN_PASSWORD: '', ADMIN_EMAIL: 'Root@Example.com' })
})
afterAll(() => t.close())

describe('first start', () => {
  it('creates one INTERNAL administrator with every permission', async () => {
    const rows = await t.db.select().from(users)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      email: 'root@example.com',
      type: 'INTERNAL',
      nameFirst: 'Gatehouse',
      nameLast: 'Administrator',
      mustChangePassword: true,
    })
    expect([...(rows[0]?.permissions ?? [])].sort()).toEqual([...Permissions].sort())
  })

  it('writes the generated password to DATA_DIR/initial-admin-password, mode 0600', () => {
    const file = path.join(t.dataDir, 'initial-admin-password')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const password = readFileSync(file, 'utf8').trim()
    expect(passwordPolicyFailures(password)).toEqual([])
    expect(password.length).toBeGreaterThanOrEqual(16)
  })

  it('signs in with it, and /v1/self says the password must change', async () => {
    const password = readFileSync(path.join(t.dataDir, 'initial-admin-password'), 'utf8').trim()
    const cookie = await signIn(t, 'root@example.com', password)
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(self.json()).toMatchObject({ results: { user: { mustChangePassword: true } } })
  })

  it('tells the operator where to sign in and where the password is', () => {
    const text = signInInstructions(t.app.adminBootstrap, t.config.publicUrl)
    expect(text).toContain('sign in at: http://localhost:8080')
    expect(text).toContain('username: root@example.com')
    expect(text).toContain(path.join(t.dataDir, 'initial-admin-password'))
  })

  it('does nothing once a user exists', async () => {
    expect(await ensureAdministrator(t.db, t.config)).toEqual({ created: false })
    expect(await t.db.select().from(users)).toHaveLength(1)
  })

  it('uses ADMIN_PASSWORD when given, with no forced change', async () => {
    await t.db.delete(users).where(eq(users.email, 'root@example.com'))
    const config = { ...t.config, adminPassword: 'Chosen#Pass2026' }
    const result = await ensureAdministrator(t.db, config)
    expect(result).toMatchObject({ created: true, generated: false })
    const [admin] = await t.db.select().from(users)
    expect(admin?.mustChangePassword).toBe(false)
    expect(
      (
        await call(t, 'POST', '/v1/login', {
          username: 'root@example.com',
          password: 'Chosen#Pass2026',
        })
      ).statusCode,
    ).toBe(200)
  })
})
