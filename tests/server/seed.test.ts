import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { and, count, eq, gte, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { logText } from '../../schema/audit-text'
import type { LogsResults } from '../../schema/logs'
import { seedDatabase } from '../../scripts/seed/seed-database'
import { auditLog } from '../../server/db/schema/audit'
import {
  attributeKeyAssociations,
  attributeKeyOptions,
  attributeKeys,
} from '../../server/db/schema/attributes'
import { services } from '../../server/db/schema/services'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { ADMIN, call, signIn, useTestApp } from './helper'

const t = useTestApp()
const counts = { users: 40, sessions: 300, services: 12, attributeKeys: 30 }

describe('seedDatabase', () => {
  it('writes the requested numbers of realistic rows', async () => {
    const total = async () => ({
      users: (await t.db.select({ n: count() }).from(users))[0]!.n,
      sessions: (await t.db.select({ n: count() }).from(sessions))[0]!.n,
      services: (await t.db.select({ n: count() }).from(services))[0]!.n,
      attributeKeys: (await t.db.select({ n: count() }).from(attributeKeys))[0]!.n,
    })
    const before = await total()
    const result = await seedDatabase(t.db, counts)
    const after = await total()
    expect(after).toEqual({
      users: before.users + 40,
      sessions: before.sessions + 300,
      services: before.services + 12,
      attributeKeys: before.attributeKeys + 30,
    })
    expect(result.written).toMatchObject(counts)

    const people = await t.db.select().from(users)
    for (const person of people.filter((p) => p.phone)) expect(person.phone).toMatch(/^\d{10}$/)
    // Live sessions only, so the purge at start leaves them on the Sessions screen.
    const seeded = await t.db.select().from(sessions)
    const now = Date.now()
    for (const session of seeded) {
      expect(session.createdAt.getTime()).toBeLessThan(now)
      expect(session.expires.getTime()).toBeGreaterThan(now)
      expect(session.absoluteExpires.getTime()).toBeGreaterThanOrEqual(session.expires.getTime())
      expect(session.absoluteExpires.getTime() - session.createdAt.getTime()).toBe(12 * 3_600_000)
    }
    for (const service of await t.db.select().from(services)) {
      expect(service.url).toMatch(/^https:\/\//)
      expect(service.accessTokenTimeout).toBeGreaterThanOrEqual(1)
      expect(service.accessTokenTimeout).toBeLessThanOrEqual(10)
      expect(service.refreshTokenTimeout).toBeLessThanOrEqual(60)
    }
    // A tree: roots at the top, every leaf under a branch, options on discrete leaves.
    const roots = await t.db
      .select()
      .from(attributeKeyAssociations)
      .where(isNull(attributeKeyAssociations.parentAssociationId))
    expect(roots.length).toBeGreaterThan(0)
    const options = await t.db.select({ n: count() }).from(attributeKeyOptions)
    expect(options[0]!.n).toBeGreaterThan(0)
  })

  it('lets seeded users sign in with the printed password, and adds more when run again', async () => {
    const result = await seedDatabase(t.db, { ...counts, attributeKeys: 5 })
    const [person] = await t.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.type, 'EXTERNAL'),
          eq(users.use2fa, false),
          eq(users.mustChangePassword, false),
          isNull(users.lockedAt),
          isNull(users.disabledAt),
        ),
      )
      .limit(1)
    await expect(signIn(t, person!.email, result.password)).resolves.toBeTruthy()
    expect(result.written.users).toBe(40)
  })

  it('spreads users as the Users screen meets them in a real directory', async () => {
    const now = Date.now()
    await seedDatabase(t.db, { users: 2000, sessions: 500, services: 0, attributeKeys: 0 })
    const people = (await t.db.select().from(users)).filter((p) => p.email !== ADMIN.email)
    const daysAgo = (p: (typeof people)[number]) =>
      p.lastLogin ? (now - p.lastLogin.getTime()) / 86_400_000 : Infinity
    const share = (test: (p: (typeof people)[number]) => boolean) =>
      people.filter(test).length / people.length
    // Never, and each dormant band the filter offers, and most within the last ten days.
    expect(share((p) => p.lastLogin === null)).toBeGreaterThan(0.03)
    expect(share((p) => daysAgo(p) > 200 && p.lastLogin !== null)).toBeGreaterThan(0.02)
    expect(share((p) => daysAgo(p) > 100 && daysAgo(p) <= 200)).toBeGreaterThan(0.02)
    expect(share((p) => daysAgo(p) > 40 && daysAgo(p) <= 100)).toBeGreaterThan(0.02)
    expect(share((p) => daysAgo(p) > 10 && daysAgo(p) <= 40)).toBeGreaterThan(0.05)
    expect(share((p) => daysAgo(p) <= 10)).toBeGreaterThan(0.5)
    for (const person of people) {
      if (person.lastLogin)
        expect(person.createdAt.getTime()).toBeLessThanOrEqual(person.lastLogin.getTime())
      if (person.use2fa) expect(person.phone).not.toBeNull()
      if (person.type === 'EXTERNAL') expect(person.permissions).toEqual([])
    }
    expect(share((p) => p.lockedAt !== null)).toBeGreaterThan(0.005)
    expect(share((p) => p.disabledAt !== null)).toBeGreaterThan(0.005)
    expect(share((p) => p.mustChangePassword)).toBeGreaterThan(0.02)
    expect(share((p) => p.use2fa)).toBeGreaterThan(0.1)
    const internal = people.filter((p) => p.type === 'INTERNAL')
    expect(internal.length / people.length).toBeGreaterThan(0.05)
    expect(internal.filter((p) => p.permissions.length > 0).length).toBeGreaterThan(
      internal.length / 2,
    )
    expect(internal.some((p) => p.permissions.includes('users.write'))).toBe(true)
    expect(new Set(people.map((p) => p.email)).size).toBe(people.length)
    // Locked and disabled accounts cannot sign in, so none of them holds a session.
    const barred = new Set(people.filter((p) => p.lockedAt || p.disabledAt).map((p) => p.id))
    const owners = (await t.db.select({ userId: sessions.userId }).from(sessions)).map(
      (s) => s.userId,
    )
    expect(owners.filter((id) => barred.has(id))).toEqual([])
  })

  it('adds audit events over 90 days that Logs reads as sentences', async () => {
    const result = await seedDatabase(t.db, {
      users: 20,
      sessions: 0,
      services: 3,
      attributeKeys: 0,
      auditEvents: 600,
    })
    expect(result.written.auditEvents).toBe(600)
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(gte(auditLog.at, new Date(0)))
    const seeded = rows.filter((row) => row.at.getTime() < Date.now() - 1000)
    expect(seeded.length).toBeGreaterThanOrEqual(600)
    const oldest = Math.min(...seeded.map((row) => row.at.getTime()))
    expect(Date.now() - oldest).toBeLessThanOrEqual(90 * 24 * 3_600_000)
    const actions = new Set(seeded.map((row) => `${row.action}:${row.outcome}`))
    for (const kind of [
      'login:success',
      'login:failure',
      'logout:success',
      'service.updated:success',
    ])
      expect(actions).toContain(kind)

    const cookie = await signIn(t, ADMIN.email, ADMIN.password)
    const answer = await call(t, 'GET', '/v1/logs?limit=200', undefined, { cookie })
    expect(answer.statusCode).toBe(200)
    const { events } = answer.json<{ results: LogsResults }>().results
    expect(events).toHaveLength(200)
    for (const event of events) expect(logText(event)).not.toMatch(/undefined|null|\[object/)
  })
})

describe('npm run seed', () => {
  const run = promisify(execFile)
  const seed = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
      env: { ...process.env, ...env, DATABASE_URL: '' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )

  // Each run starts a Node process with tsx, which takes seconds on a busy machine.
  it('refuses a DATA_DIR that a running server holds', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-seed-'))
    try {
      writeFileSync(path.join(dataDir, 'gatehouse.lock'), `${process.pid}\n`)
      const { code, stderr } = await seed(['--users', '1'], { DATA_DIR: dataDir })
      expect(code).toBe(1)
      expect(stderr).toMatch(/Cannot seed: DATA_DIR .* is in use by another Gatehouse process/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('explains a bad argument', { timeout: 60_000 }, async () => {
    const { code, stderr } = await seed(['--users', 'many'], { DATA_DIR: tmpdir() })
    expect(code).toBe(1)
    expect(stderr).toMatch(/--users must be a whole number/)
    expect(stderr).toMatch(/usage: npm run seed/)
  })
})
