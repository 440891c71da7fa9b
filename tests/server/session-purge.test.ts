import { randomBytes } from 'node:crypto'
import { desc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../schema/session'
import { auditLog } from '../../server/db/schema/audit'
import { sessions } from '../../server/db/schema/sessions'
import { purgeExpiredSessions } from '../../server/repos/sessions'
import { createUser } from './fixtures'
import { ADMIN, buildTestApp, call, signIn, useTestApp } from './helper'
import { idsOf, pull, pullUntil } from './sync-helper'

// Only intervals are fake, so a test moves the purge's minute on; database timeouts stay real.
vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
afterAll(() => {
  vi.useRealTimers()
})

const t = useTestApp()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
let admin: string
let userId: string

/** A session row straight in the table, expiring (idle, absolute) at these offsets from now. */
async function insertSession(idleMs: number, absoluteMs: number): Promise<string> {
  const now = Date.now()
  const [row] = await t.db
    .insert(sessions)
    .values({
      tokenHash: randomBytes(32).toString('hex'),
      userId,
      ip: '10.7.0.1',
      userAgent: 'purge test',
      expires: new Date(now + idleMs),
      absoluteExpires: new Date(now + absoluteMs),
      lastSeenAt: new Date(now - MINUTE),
    })
    .returning({ id: sessions.id })
  return row!.id
}

async function storedIds(ids: string[]): Promise<string[]> {
  const rows = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.id, ids))
  return rows.map((row) => row.id)
}

/** Waits (on real time) until `check` passes: the purge runs beside the test, not inside it. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the purge did not happen in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const lastExpiryAudit = async () => {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'session.expired'))
    .orderBy(desc(auditLog.at))
    .limit(1)
  return row
}

let atStart: { idle: string; absolute: string; live: string }

beforeAll(async () => {
  userId = (await createUser(t)).id
  // Written before the app is ready, so the purge at start is the one that meets them.
  atStart = {
    idle: await insertSession(-MINUTE, 6 * HOUR),
    absolute: await insertSession(30 * MINUTE, -MINUTE),
    live: await insertSession(30 * MINUTE, 6 * HOUR),
  }
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

describe('the session purge', () => {
  it('deletes sessions past their idle or absolute expiry at start, keeps live ones', async () => {
    await eventually(async () => (await storedIds([atStart.idle, atStart.absolute])).length === 0)
    expect(await storedIds([atStart.live])).toEqual([atStart.live])
    expect(await lastExpiryAudit()).toMatchObject({
      outcome: 'success',
      detail: { count: 2 },
      actorUserId: null,
    })
  })

  it('runs every minute, and sync delivers the tombstones', async () => {
    const before = await pull(t, admin, 'sessions', null)
    const idle = await insertSession(-MINUTE, 6 * HOUR)
    const absolute = await insertSession(30 * MINUTE, -MINUTE)
    const live = await insertSession(30 * MINUTE, 6 * HOUR)
    // Until the purge, sync carries expired rows like any other change.
    const inserted = await pullUntil(t, admin, 'sessions', before.position, (nodes) =>
      [idle, absolute, live].every((id) => idsOf(nodes).includes(id)),
    )

    await vi.advanceTimersByTimeAsync(MINUTE)
    await eventually(async () => (await storedIds([idle, absolute])).length === 0)
    expect(await storedIds([live])).toEqual([live])

    const after = await pullUntil(t, admin, 'sessions', inserted.position, (nodes) =>
      [idle, absolute].every((id) => nodes.some((n) => n.id === id && n.tombstone)),
    )
    expect(after.nodes.filter((node) => node.tombstone).map((node) => node.id)).not.toContain(live)
    expect(await lastExpiryAudit()).toMatchObject({ detail: { count: 2 } })
  })

  it('deletes each row once when purges run at the same time', async () => {
    // More than one batch of the purge, in two processes' worth of concurrent calls.
    const expired = Array.from({ length: 1500 }, (_, i) => ({
      tokenHash: randomBytes(32).toString('hex'),
      userId,
      ip: '10.7.0.2',
      userAgent: 'purge test',
      expires: new Date(Date.now() - MINUTE - i),
      absoluteExpires: new Date(Date.now() + HOUR),
      lastSeenAt: new Date(Date.now() - HOUR),
    }))
    await t.db.insert(sessions).values(expired)
    const now = new Date()
    const counts = await Promise.all([
      purgeExpiredSessions(t.db, now),
      purgeExpiredSessions(t.db, now),
    ])
    expect(counts[0] + counts[1]).toBe(1500)
    const left = await t.db.select().from(sessions).where(eq(sessions.ip, '10.7.0.2'))
    expect(left).toEqual([])
  })
})

describe('POST /v1/sessions', () => {
  it('leaves out sessions that expired and wait for the purge', async () => {
    const idle = await insertSession(-MINUTE, 6 * HOUR)
    const absolute = await insertSession(30 * MINUTE, -MINUTE)
    const live = await insertSession(30 * MINUTE, 6 * HOUR)
    const response = await call(
      t,
      'POST',
      '/v1/sessions',
      { filters: { userId } },
      { cookie: admin },
    )
    expect(response.statusCode).toBe(200)
    const listed = response.json<{ results: { nodes: Session[] } }>().results.nodes.map((n) => n.id)
    expect(listed).toContain(live)
    expect(listed).toContain(atStart.live)
    expect(listed).not.toContain(idle)
    expect(listed).not.toContain(absolute)
    // Still stored: the list hides them before the purge deletes them.
    expect(await storedIds([idle, absolute])).toHaveLength(2)
  })
})

describe('closing the app', () => {
  it('stops the purge timer', async () => {
    const before = vi.getTimerCount()
    const other = await buildTestApp()
    await other.app.ready()
    // The purge's minute and the outbox's retry, at least (retention, the file sweep and the
    // OpenID Connect housekeeping have timers of their own).
    expect(vi.getTimerCount()).toBeGreaterThanOrEqual(before + 2)
    await other.close()
    expect(vi.getTimerCount()).toBe(before)
  })
})
