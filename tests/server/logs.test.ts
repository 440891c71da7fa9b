import { eq, lt } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LogsResults } from '../../schema/logs'
import { auditLog } from '../../server/db/schema/audit'
import { users } from '../../server/db/schema/users'
import { purgeOldAudit } from '../../server/use-cases/audit-retention'
import { LOG_CSV_COLUMNS } from '../../server/use-cases/logs'
import { createUser } from './fixtures'
import { ADMIN, call, signIn, useTestApp } from './helper'

const t = useTestApp()
let admin = ''
let adminId = ''
let serviceId = ''
let bob: Awaited<ReturnType<typeof createUser>>

const get = (url: string, cookie = admin) => call(t, 'GET', url, undefined, { cookie })
const page = async (query = '', cookie = admin) => {
  const answer = await get(`/v1/logs${query}`, cookie)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<{ results: LogsResults }>().results
}

/** Parses RFC 4180 text (quoted cells, doubled quotes, CRLF) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  return rows
}

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  adminId = (await t.db.select().from(users).where(eq(users.email, ADMIN.email)))[0]!.id
  bob = await createUser(t, { email: 'bob@example.com' })
  // A failed sign-in from another address, and a success.
  await call(t, 'POST', '/v1/login', { username: bob.email, password: 'wrong' }, { ip: '10.0.0.7' })
  await signIn(t, bob.email, bob.password, '10.0.0.8')
  // A service, renamed: its events carry serviceId.
  const created = await call(
    t,
    'POST',
    '/v1/service',
    { key: 'alpha', name: 'Alpha Desk', refreshTokenTimeout: 30 },
    { cookie: admin },
  )
  expect(created.statusCode, created.body).toBe(200)
  serviceId = created.json<{ results: { service: { id: string } } }>().results.service.id
  const changed = await call(
    t,
    'PUT',
    `/v1/service/${serviceId}/refreshTokenTimeout`,
    { refreshTokenTimeout: 45 },
    { cookie: admin },
  )
  expect(changed.statusCode, changed.body).toBe(200)
})

describe('GET /v1/logs', () => {
  it('answers every event newest first, with names joined', async () => {
    const { events } = await page()
    const times = events.map((e) => e.at)
    expect([...times].sort().reverse()).toEqual(times)
    const failure = events.find((e) => e.action === 'login' && e.outcome === 'failure')!
    expect(failure).toMatchObject({
      ip: '10.0.0.7',
      subject: { id: bob.id, email: 'bob@example.com', nameFirst: 'Test' },
      actor: null,
    })
    const update = events.find((e) => e.action === 'service.updated')!
    expect(update).toMatchObject({
      actor: { id: adminId, email: ADMIN.email },
      service: { id: serviceId, key: 'alpha', name: 'Alpha Desk' },
      detail: { field: 'refreshTokenTimeout', from: 30, to: 45 },
    })
  })

  it('filters by subject user, outcome, ip, actor, service, kinds and time', async () => {
    const byUser = await page(`?user=${bob.id}`)
    expect(byUser.events.length).toBeGreaterThanOrEqual(2)
    expect(byUser.events.every((e) => e.subject?.id === bob.id)).toBe(true)

    const failed = await page(`?user=${bob.id}&outcome=failure`)
    expect(failed.events.map((e) => [e.action, e.outcome, e.ip])).toEqual([
      ['login', 'failure', '10.0.0.7'],
    ])

    const byIp = await page('?ip=10.0.0.8')
    expect(byIp.events.map((e) => e.action)).toEqual(['login'])
    expect(byIp.events[0]!.outcome).toBe('success')

    const byActor = await page(`?actor=${adminId}`)
    expect(byActor.events.length).toBeGreaterThanOrEqual(2)
    expect(byActor.events.every((e) => e.actor?.id === adminId)).toBe(true)

    const byService = await page(`?service=${serviceId}`)
    expect(byService.events.map((e) => e.action)).toEqual(['service.updated', 'service.created'])

    const signIns = await page('?kinds=sign-in')
    expect(
      signIns.events.every((e) => ['login', 'login.verify', 'logout'].includes(e.action)),
    ).toBe(true)
    const services = await page('?kinds=services,password&outcome=success')
    expect(services.events.map((e) => e.action)).toEqual(['service.updated', 'service.created'])

    const future = new Date(Date.now() + 60_000).toISOString()
    expect((await page(`?from=${future}`)).events).toEqual([])
    const all = (await page()).events.length
    expect((await page(`?to=${future}`)).events).toHaveLength(all)
  })

  it("leaves out the server's own housekeeping with system=hide, in the list and the CSV", async () => {
    const at = new Date()
    await t.db.insert(auditLog).values([
      { at, action: 'session.expired', outcome: 'success', ip: '192.0.2.90', detail: { count: 3 } },
      { at, action: 'audit.purged', outcome: 'success', ip: '192.0.2.90', detail: { count: 1 } },
      { at, action: 'logout', outcome: 'success', ip: '192.0.2.90' },
    ])
    const shown = await page('?ip=192.0.2.90')
    expect(shown.events.map((e) => e.action).sort()).toEqual([
      'audit.purged',
      'logout',
      'session.expired',
    ])
    expect((await page('?ip=192.0.2.90&system=show')).events).toHaveLength(3)
    const hidden = await page('?ip=192.0.2.90&system=hide')
    expect(hidden.events.map((e) => e.action)).toEqual(['logout'])
    const csv = await get('/v1/logs.csv?ip=192.0.2.90&system=hide')
    expect(csv.statusCode).toBe(200)
    expect(parseCsv(csv.body)).toHaveLength(2)
    expect((await get('/v1/logs?system=maybe')).statusCode).toBe(400)
  })

  it('pages by keyset: every event once, in order, however the pages fall', async () => {
    const whole = (await page('?limit=200')).events.map((e) => e.id)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const next: LogsResults = await page(`?limit=2${cursor ? `&before=${cursor}` : ''}`)
      expect(next.events.length).toBeLessThanOrEqual(2)
      seen.push(...next.events.map((e) => e.id))
      cursor = next.cursor
    } while (cursor)
    expect(seen).toEqual(whole)
  })

  it('pages correctly through events that share a time', async () => {
    const at = new Date('2020-06-01T00:00:00.123Z')
    await t.db.insert(auditLog).values(
      Array.from({ length: 5 }, () => ({
        at,
        action: 'logout',
        outcome: 'success' as const,
        ip: '192.0.2.55',
      })),
    )
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const next: LogsResults = await page(
        `?ip=192.0.2.55&limit=2${cursor ? `&before=${cursor}` : ''}`,
      )
      seen.push(...next.events.map((e) => e.id))
      cursor = next.cursor
    } while (cursor)
    expect(seen).toHaveLength(5)
    expect(new Set(seen).size).toBe(5)
  })

  it('refuses bad filters and cursors with 400, and callers without logs.read with 403', async () => {
    for (const query of ['?kinds=nope', '?outcome=maybe', '?user=x', '?before=abc', '?limit=0']) {
      const answer = await get(`/v1/logs${query}`)
      expect(answer.statusCode, query).toBe(400)
      expect(answer.json()).toMatchObject({ success: false })
    }
    const plain = await createUser(t, { permissions: ['users.read'] })
    const cookie = await signIn(t, plain.email, plain.password)
    expect((await get('/v1/logs', cookie)).statusCode).toBe(403)
    expect((await get('/v1/logs.csv', cookie)).statusCode).toBe(403)
    expect((await call(t, 'GET', '/v1/logs')).statusCode).toBe(401)
  })

  it('names a removed user by id: the trail outlives the row', async () => {
    const gone = await createUser(t)
    await call(
      t,
      'POST',
      '/v1/login',
      { username: gone.email, password: 'nope' },
      { ip: '10.9.9.9' },
    )
    await t.db.delete(users).where(eq(users.id, gone.id))
    const [event] = (await page('?ip=10.9.9.9')).events
    expect(event!.subject).toEqual({ id: gone.id, nameFirst: null, nameLast: null, email: null })
  })
})

describe('GET /v1/logs.csv', () => {
  it('streams every matching event as RFC 4180 CSV, as an attachment', async () => {
    const answer = await get(`/v1/logs.csv?user=${bob.id}&outcome=failure`)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="gatehouse-logs-.+\.csv"$/,
    )
    const rows = parseCsv(answer.body)
    expect(rows[0]).toEqual([...LOG_CSV_COLUMNS])
    expect(rows).toHaveLength(2)
    const record = Object.fromEntries(LOG_CSV_COLUMNS.map((c, i) => [c, rows[1]![i]]))
    expect(record).toMatchObject({
      action: 'login',
      kind: 'sign-in',
      outcome: 'failure',
      reason: 'wrong password',
      subjectEmail: 'bob@example.com',
      ip: '10.0.0.7',
      sentence: 'Sign-in failed for bob@example.com from 10.0.0.7: wrong password',
    })
  })

  it('quotes commas, quotes and line breaks, and guards cells a spreadsheet would run', async () => {
    const values = ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tTab', 'a,b\r\nc']
    await t.db.insert(auditLog).values(
      values.map((username) => ({
        at: new Date('2021-01-01T00:00:00Z'),
        action: 'login',
        outcome: 'failure' as const,
        ip: '198.51.100.1',
        userAgent: username,
        detail: { username, reason: 'unknown user' },
      })),
    )
    const answer = await get('/v1/logs.csv?ip=198.51.100.1')
    expect(answer.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
    const rows = parseCsv(answer.body).slice(1)
    const agents = rows.map((row) => row[LOG_CSV_COLUMNS.indexOf('userAgent')]).sort()
    expect(agents).toEqual(
      ["'\tTab", "'+1", "'-2", '\'=HYPERLINK("http://x","y")', "'@SUM(A1)", 'a,b\r\nc'].sort(),
    )
    // Every row has every column, whatever its cells held.
    expect(rows.every((row) => row.length === LOG_CSV_COLUMNS.length)).toBe(true)
  })

  it('exports more events than one batch, each once', async () => {
    const at = Date.parse('2019-01-01T00:00:00Z')
    await t.db.insert(auditLog).values(
      Array.from({ length: 4500 }, (_, i) => ({
        at: new Date(at + (i % 1000) * 1000),
        action: 'login',
        outcome: 'success' as const,
        ip: '203.0.113.9',
      })),
    )
    const answer = await get('/v1/logs.csv?ip=203.0.113.9&kinds=sign-in')
    const ids = parseCsv(answer.body)
      .slice(1)
      .map((row) => row[0])
    expect(ids).toHaveLength(4500)
    expect(new Set(ids).size).toBe(4500)
  })

  it('refuses a bad filter with 400 before any CSV is sent', async () => {
    const answer = await get('/v1/logs.csv?kinds=nope')
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ success: false })
  })
})

describe('retention', () => {
  it('purges events older than AUDIT_RETENTION_DAYS in batches and records the purge', async () => {
    const now = new Date('2026-06-01T00:00:00Z')
    const day = 24 * 60 * 60 * 1000
    await t.db.insert(auditLog).values(
      Array.from({ length: 25 }, (_, i) => ({
        at: new Date(now.getTime() - (400 + i) * day),
        action: 'logout',
        outcome: 'success' as const,
        ip: '192.0.2.200',
      })),
    )
    const kept = new Date(now.getTime() - 300 * day)
    await t.db
      .insert(auditLog)
      .values({ at: kept, action: 'logout', outcome: 'success', ip: '192.0.2.201' })
    const before = new Date(now.getTime() - 365 * day)
    const older = async () =>
      (await t.db.select().from(auditLog).where(lt(auditLog.at, before))).length
    expect(await older()).toBeGreaterThanOrEqual(25)
    const count = await purgeOldAudit(t.db, 365, now, 7)
    expect(count).toBeGreaterThanOrEqual(25)
    expect(await older()).toBe(0)
    expect((await page('?ip=192.0.2.201')).events).toHaveLength(1)
    const [purge] = (await page('?kinds=sessions')).events.filter(
      (e) => e.action === 'audit.purged',
    )
    expect(purge!.detail).toMatchObject({ count, days: 365 })
    expect(await purgeOldAudit(t.db, 365, now, 7)).toBe(0)
  })

  it('is purged by the server at start', async () => {
    const { buildTestApp } = await import('./helper')
    const other = await buildTestApp({ AUDIT_RETENTION_DAYS: '30' })
    try {
      await other.db.insert(auditLog).values({
        at: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000),
        action: 'logout',
        outcome: 'success',
      })
      // The plugin runs at ready; a second app on the same rows is what a restart is.
      expect(other.config.auditRetentionDays).toBe(30)
      await other.app.ready()
      await expect
        .poll(
          async () =>
            (await other.db.select().from(auditLog).where(eq(auditLog.action, 'logout'))).length,
        )
        .toBe(0)
    } finally {
      await other.close()
    }
  })
})
