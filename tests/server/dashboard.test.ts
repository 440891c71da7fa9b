import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DashboardResults } from '../../schema/dashboard'
import { auditLog } from '../../server/db/schema/audit'
import { auditHourly } from '../../server/db/schema/audit-hourly'
import { outbox } from '../../server/db/schema/outbox'
import { services } from '../../server/db/schema/services'
import { users } from '../../server/db/schema/users'
import { dashboardFigures } from '../../server/use-cases/dashboard'
import { enqueueMessage } from '../../server/repos/outbox'
import { createUser } from './fixtures'
import { ADMIN, call, signIn, useTestApp } from './helper'

const t = useTestApp()
let admin = ''
beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** A fixed "now" in the middle of a UTC hour, so that test rows land in known buckets. */
const NOW = new Date('2026-06-15T12:30:00.000Z')
const ago = (ms: number) => new Date(NOW.getTime() - ms)

type Row = {
  at: Date
  action: string
  outcome: 'success' | 'failure' | 'refused'
  ip?: string
  detail?: Record<string, unknown>
}
const insert = (rows: Row[]) =>
  t.db.insert(auditLog).values(
    rows.map((row) => ({
      at: row.at,
      action: row.action,
      outcome: row.outcome,
      ip: row.ip ?? '10.0.0.1',
      detail: row.detail ?? null,
    })),
  )
const figures = () => dashboardFigures({ db: t.db }, NOW)

describe('dashboard figures (UTC buckets)', () => {
  it('counts sign-ins and failures per hour for 24 hours and per day for 30 days', async () => {
    await insert([
      // This hour (12:00–13:00 UTC): two successes (password, code) and a failure and a refusal.
      { at: ago(10 * 60_000), action: 'login', outcome: 'success' },
      { at: ago(20 * 60_000), action: 'login.verify', outcome: 'success' },
      { at: ago(25 * 60_000), action: 'login', outcome: 'failure' },
      { at: ago(29 * 60_000), action: 'login', outcome: 'refused' },
      // 11:xx: one failure; 23 hours back (13:xx yesterday): one success.
      { at: ago(HOUR), action: 'login', outcome: 'failure' },
      { at: ago(23 * HOUR), action: 'login', outcome: 'success' },
      // 24 hours back is outside the hourly chart but in yesterday's day.
      { at: ago(24 * HOUR), action: 'login', outcome: 'success' },
      // Ten days ago, and 30 days ago (outside the daily chart).
      { at: ago(10 * DAY), action: 'login', outcome: 'failure' },
      { at: ago(30 * DAY), action: 'login', outcome: 'success' },
      // Not sign-ins.
      { at: ago(5 * 60_000), action: 'user.updated', outcome: 'success' },
      { at: ago(5 * 60_000), action: 'login.code_sent', outcome: 'success' },
    ])
    const f = await figures()
    expect(f.hourly).toHaveLength(24)
    expect(f.hourly.at(-1)).toEqual({ start: '2026-06-15T12:00:00.000Z', success: 2, failure: 2 })
    expect(f.hourly.at(-2)).toEqual({ start: '2026-06-15T11:00:00.000Z', success: 0, failure: 1 })
    expect(f.hourly[0]).toEqual({ start: '2026-06-14T13:00:00.000Z', success: 1, failure: 0 })
    expect(f.hourly.slice(1, -2).every((b) => b.success === 0 && b.failure === 0)).toBe(true)

    expect(f.daily).toHaveLength(30)
    expect(f.daily.at(-1)).toEqual({ start: '2026-06-15T00:00:00.000Z', success: 2, failure: 3 })
    expect(f.daily.at(-2)).toEqual({ start: '2026-06-14T00:00:00.000Z', success: 2, failure: 0 })
    expect(f.daily.at(-11)).toEqual({ start: '2026-06-05T00:00:00.000Z', success: 0, failure: 1 })
    expect(f.daily[0]!.start).toBe('2026-05-17T00:00:00.000Z')
    const total = f.daily.reduce((sum, b) => sum + b.success + b.failure, 0)
    expect(total).toBe(8)
  })

  it('keeps the hourly rollup equal to the log, for bulk inserts too', async () => {
    const rows = await t.db.select().from(auditLog)
    const rolled = await t.db.select().from(auditHourly)
    expect(rolled.reduce((sum, row) => sum + row.count, 0)).toBe(rows.length)
  })

  it('lists the top failing addresses of the last 24 hours', async () => {
    await insert([
      ...Array.from({ length: 4 }, (_, i) => ({
        at: ago(i * 60_000 + 1000),
        action: 'login',
        outcome: 'failure' as const,
        ip: '203.0.113.9',
      })),
      { at: ago(2 * HOUR), action: 'login.verify', outcome: 'failure', ip: '198.51.100.4' },
      { at: ago(25 * HOUR), action: 'login', outcome: 'failure', ip: '192.0.2.77' },
      { at: ago(HOUR), action: 'login', outcome: 'success', ip: '192.0.2.88' },
    ])
    const f = await figures()
    expect(f.failingAddresses.slice(0, 2)).toEqual([
      { ip: '203.0.113.9', failures: 4, last: ago(1000).toISOString() },
      // The first test's failure, refusal and failure an hour before (not the one ten days ago).
      { ip: '10.0.0.1', failures: 3, last: ago(25 * 60_000).toISOString() },
    ])
    expect(f.failingAddresses.map((a) => a.ip)).toContain('198.51.100.4')
    expect(f.failingAddresses.map((a) => a.ip)).not.toContain('192.0.2.77')
    expect(f.failingAddresses.map((a) => a.ip)).not.toContain('192.0.2.88')
  })

  it('counts service sign-ins by service, with its name', async () => {
    expect((await figures()).services).toEqual([])
    const [alpha] = await t.db
      .insert(services)
      .values({ key: 'alpha', name: 'Alpha Desk' })
      .returning()
    await insert([
      {
        at: ago(HOUR),
        action: 'oidc.authorize',
        outcome: 'success',
        detail: { serviceId: alpha!.id },
      },
      {
        at: ago(2 * DAY),
        action: 'oidc.authorize',
        outcome: 'success',
        detail: { serviceKey: 'alpha' },
      },
      {
        at: ago(HOUR),
        action: 'oidc.authorize',
        outcome: 'success',
        detail: { serviceKey: 'gone' },
      },
      {
        at: ago(HOUR),
        action: 'oidc.authorize',
        outcome: 'failure',
        detail: { serviceKey: 'alpha' },
      },
    ])
    const listed = (await figures()).services
    expect(listed).toEqual(
      expect.arrayContaining([
        { serviceId: alpha!.id, name: 'Alpha Desk', count: 1 },
        { serviceId: null, name: 'gone', count: 1 },
      ]),
    )
    // The rollup keeps id and key apart; the same service by key counts on its own row.
    expect(listed.filter((s) => s.serviceId === alpha!.id).reduce((n, s) => n + s.count, 0)).toBe(2)
  })

  it('counts locked, dormant, active sessions and the queue', async () => {
    const before = await dashboardFigures({ db: t.db })
    const locked = await createUser(t)
    const temporary = await createUser(t)
    const dormant = await createUser(t)
    const disabled = await createUser(t)
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.id))
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + HOUR), lastLogin: new Date() })
      .where(eq(users.id, temporary.id))
    await t.db
      .update(users)
      .set({ lastLogin: new Date(Date.now() - 91 * DAY) })
      .where(eq(users.id, dormant.id))
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id))
    const oldest = new Date(Date.now() - 3 * HOUR)
    const id = await enqueueMessage(
      t.db,
      { channel: 'email', to: 'q@example.com', text: 'x' },
      oldest,
    )
    await t.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, id))

    const after = await dashboardFigures({ db: t.db })
    expect(after.locked.permanent - before.locked.permanent).toBe(1)
    expect(after.locked.temporary - before.locked.temporary).toBe(1)
    // The locked account never signed in, so it is dormant too; a disabled account is not counted.
    expect(after.dormant.never - before.dormant.never).toBe(1)
    expect(after.dormant.before - before.dormant.before).toBe(1)
    expect(after.dormant.days).toBe(90)
    expect(after.queue.depth - before.queue.depth).toBe(1)
    expect(after.queue.oldest).toBe(oldest.toISOString())
    expect(after.activeSessions).toBeGreaterThanOrEqual(1)
  })
})

describe('GET /v1/dashboard', () => {
  it('answers the figures to INTERNAL staff with dashboard.read', async () => {
    const answer = await call(t, 'GET', '/v1/dashboard', undefined, { cookie: admin })
    expect(answer.statusCode).toBe(200)
    const { results } = answer.json<{ results: DashboardResults }>()
    expect(results.hourly).toHaveLength(24)
    expect(results.activeSessions).toBeGreaterThanOrEqual(1)
  })

  it('refuses without the permission, and an EXTERNAL user even with it', async () => {
    expect((await call(t, 'GET', '/v1/dashboard')).statusCode).toBe(401)
    const plain = await createUser(t, { permissions: ['users.read'] })
    const cookie = await signIn(t, plain.email, plain.password)
    expect((await call(t, 'GET', '/v1/dashboard', undefined, { cookie })).statusCode).toBe(403)
    const external = await createUser(t, { permissions: ['dashboard.read'] })
    await t.db.update(users).set({ type: 'EXTERNAL' }).where(eq(users.id, external.id))
    const outside = await signIn(t, external.email, external.password)
    expect((await call(t, 'GET', '/v1/dashboard', undefined, { cookie: outside })).statusCode).toBe(
      403,
    )
  })
})
