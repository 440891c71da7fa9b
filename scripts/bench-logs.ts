// `npm run bench:logs`: the Logs API at 1,000,000 audit events (issue 16). Seeds a fresh PGlite
// DATA_DIR (users, services, and the audit events of scripts/seed/audit.ts over 90 days), starts the
// real server on it, signs the administrator in, then times, as the median of --repeat runs:
// the first page, a page 20 pages deep, each filter alone and a combination, and CSV exports
// (failures of the last 30 days, and with --full-csv everything), and the Dashboard's figures. Anchors from the same run: an
// authenticated GET /v1/self (the floor of any request), and for CSV the same rows fetched as JSON
// pages of 200 (what a console-side export would have to do). Then, the server stopped, EXPLAIN
// ANALYZE of the first page and of each filter, as docs/logs.md shows them, and of each Dashboard
// query with the time each figure takes alone (docs/dashboard.md).
// Options: --events N (default 1000000), --users N (default 5000), --repeat N (default 5),
// --full-csv, --explain (print the plans).
import { rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/database'
import { pipelinedPglite } from '../server/db/pglite-client'
import type { Db } from '../server/db/types'
import { auditPage, type AuditFilter } from '../server/repos/audit'
import {
  activeSessionCount,
  dormantCounts,
  lockedCounts,
  serviceSignIns,
  signInBuckets,
  topFailingAddresses,
} from '../server/repos/dashboard'
import { queueDepth } from '../server/repos/outbox'
import { ACTION_KINDS } from '../schema/logs'
import { ADMIN, client, cookieOf, seededDataDir, startBenchServer } from './bench/support'

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '5000' },
    repeat: { type: 'string', default: '5' },
    'full-csv': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
})
const events = Number(values.events)
const repeat = Number(values.repeat)
const DAY = 24 * 60 * 60 * 1000

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
const ms = (value: number) => `${value.toFixed(1)} ms`

console.log(`Seeding ${values.users} users, 50 services and ${events} audit events…`)
const seedStarted = performance.now()
const seeded = await seededDataDir({
  users: Number(values.users),
  sessions: 100,
  services: 50,
  attributeKeys: 0,
  auditEvents: events,
})
console.log(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s.`)

const server = await startBenchServer(seeded.dataDir)
const http = client(server.port, 1)
const now = Date.now()
let probes: { user: string; actor: string; service: string }
const results: [string, number, string][] = []
try {
  const login = await http.send('POST', '/v1/login', {
    json: { username: ADMIN.email, password: ADMIN.password },
  })
  if (login.status !== 200) throw new Error(`Sign-in refused: ${login.status} ${login.body}`)
  const cookie = cookieOf(login)
  const get = async (path: string) => {
    const answer = await http.send('GET', path, { cookie })
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body}`)
    return answer
  }
  const timed = async (path: string) => {
    await get(path) // warm: the first run reads the pages into the buffer cache
    const times: number[] = []
    let rows = 0
    for (let i = 0; i < repeat; i++) {
      const answer = await get(path)
      times.push(answer.ms)
      if (path.startsWith('/v1/logs.csv'))
        rows = answer.body.split('\r\n').filter(Boolean).length - 1
      else if (path.startsWith('/v1/logs'))
        rows = (JSON.parse(answer.body) as { results: { events: unknown[] } }).results.events.length
    }
    return { ms: median(times), rows }
  }

  // Someone, a member of staff and a service the trail names, found through the API itself.
  const sample = JSON.parse((await get('/v1/logs?limit=200')).body) as {
    results: { events: { actor: { id: string } | null; subject: { id: string } | null }[] }
  }
  const user = sample.results.events.find((e) => e.subject)?.subject?.id
  const staffEvent = JSON.parse((await get('/v1/logs?kinds=services&limit=1')).body) as {
    results: { events: { actor: { id: string } | null; service: { id: string } | null }[] }
  }
  const actor = staffEvent.results.events[0]?.actor?.id
  const service = staffEvent.results.events[0]?.service?.id
  if (!user || !actor || !service)
    throw new Error('The seeded trail names no user, staff or service.')
  probes = { user, actor, service }

  const anchor = await timed('/v1/self')
  results.push(['anchor: GET /v1/self (signed in)', anchor.ms, ''])

  const first = await timed('/v1/logs')
  results.push(['first page (50, newest first)', first.ms, `${first.rows} rows`])

  let cursor: string | null = null
  for (let page = 0; page < 19; page++) {
    const body = JSON.parse((await get(`/v1/logs${cursor ? `?before=${cursor}` : ''}`)).body) as {
      results: { cursor: string | null }
    }
    cursor = body.results.cursor
  }
  const deep = await timed(`/v1/logs?before=${cursor}`)
  results.push(['page 20 (keyset)', deep.ms, `${deep.rows} rows`])

  const week = new Date(now - 7 * DAY).toISOString()
  const filters: [string, string][] = [
    ['outcome=failure', 'outcome=failure'],
    ['kinds=services', 'kinds=services'],
    ['kinds=attributes (none seeded)', 'kinds=attributes'],
    ['user (subject)', `user=${user}`],
    ['actor (staff)', `actor=${actor}`],
    ['service', `service=${service}`],
    ['ip (a guessing address)', 'ip=203.0.113.7'],
    ['last 7 days', `from=${week}`],
    ['sign-in failures, last 7 days', `kinds=sign-in&outcome=failure&from=${week}`],
  ]
  for (const [name, query] of filters) {
    const result = await timed(`/v1/logs?${query}`)
    results.push([`filter: ${name}`, result.ms, `${result.rows} rows`])
  }

  // The Dashboard's figures come from the hourly rollup and partial indexes (docs/dashboard.md).
  const dashboard = await timed('/v1/dashboard')
  results.push(['dashboard: every figure (GET /v1/dashboard)', dashboard.ms, ''])

  const month = new Date(now - 30 * DAY).toISOString()
  const csvQuery = `outcome=failure&from=${month}`
  const csv = await timed(`/v1/logs.csv?${csvQuery}`)
  results.push(['CSV: failures, last 30 days', csv.ms, `${csv.rows} rows`])
  // The anchor: the same rows as JSON pages of 200, one request after another.
  const paged: number[] = []
  for (let i = 0; i < Math.min(repeat, 3); i++) {
    const started = performance.now()
    let rows = 0
    let before: string | null = null
    do {
      const body = JSON.parse(
        (await get(`/v1/logs?${csvQuery}&limit=200${before ? `&before=${before}` : ''}`)).body,
      ) as { results: { events: unknown[]; cursor: string | null } }
      rows += body.results.events.length
      before = body.results.cursor
    } while (before)
    paged.push(performance.now() - started)
    if (rows !== csv.rows) console.warn(`JSON pages gave ${rows} rows, the CSV ${csv.rows}`)
  }
  results.push(['anchor: the same rows as JSON pages of 200', median(paged), `${csv.rows} rows`])

  if (values['full-csv']) {
    const started = performance.now()
    const answer = await get('/v1/logs.csv')
    const rows = answer.body.split('\r\n').filter(Boolean).length - 1
    const seconds = (performance.now() - started) / 1000
    results.push([
      'CSV: everything',
      seconds * 1000,
      `${rows} rows, ${(rows / seconds).toFixed(0)} rows/s, ${(answer.body.length / 1e6).toFixed(0)} MB`,
    ])
  }
} finally {
  await server.stop()
}

console.log(`\nLogs at ${events.toLocaleString('en')} audit events (median of ${repeat}):`)
const width = Math.max(...results.map(([name]) => name.length))
for (const [name, value, note] of results)
  console.log(`  ${name.padEnd(width)}  ${ms(value).padStart(10)}  ${note}`)
const anchor = results[0]![1]
const page = results[1]![1]
console.log(`\nFirst page ${(page / anchor).toFixed(1)}× the signed-in floor (GET /v1/self).`)

// The plans, on the same database, with the server stopped (PGlite has one user at a time).
const database = await openDatabase(loadConfig({ DATA_DIR: seeded.dataDir }))
try {
  const plans: [string, AuditFilter][] = [
    ['first page', {}],
    ['outcome=failure', { outcome: 'failure' }],
    ['kinds=services', { actions: [...ACTION_KINDS.services] }],
    ['kinds=attributes', { actions: [...ACTION_KINDS.attributes] }],
    ['user', { subjectId: probes!.user }],
    ['actor', { actorId: probes!.actor }],
    ['service', { serviceId: probes!.service }],
    ['ip', { ip: '203.0.113.7' }],
    [
      'sign-in failures, last 7 days',
      {
        actions: [...ACTION_KINDS['sign-in']],
        outcome: 'failure',
        from: new Date(now - 7 * DAY),
      },
    ],
  ]
  for (const [name, filter] of plans) {
    const query = auditPage(database.db, { type: 'INTERNAL' }, filter, null, 50)
    const plan: unknown = await database.db.execute(
      sql`explain (analyze, costs off, summary on) ${query}`,
    )
    const lines = (plan as { rows: { 'QUERY PLAN': string }[] }).rows.map(
      (row) => row['QUERY PLAN'],
    )
    const total = lines.find((line) => line.startsWith('Execution Time'))
    console.log(`plan: ${name.padEnd(30)} ${total ?? ''}`)
    if (values.explain) console.log(lines.map((line) => `    ${line}`).join('\n'))
  }
  await dashboardPlans(database.pglite!)
} finally {
  await database.close()
  rmSync(seeded.dataDir, { recursive: true, force: true })
}

/**
 * Each Dashboard figure alone (the repo function GET /v1/dashboard calls, median of --repeat runs)
 * and the plan of each statement it sends, caught by a Drizzle logger on the same PGlite.
 */
async function dashboardPlans(pg: NonNullable<Awaited<ReturnType<typeof openDatabase>>['pglite']>) {
  const sent: { query: string; params: unknown[] }[] = []
  const db = drizzle({
    client: pipelinedPglite(pg) as never,
    logger: { logQuery: (query, params) => void sent.push({ query, params }) },
  }) as unknown as Db
  const at = new Date()
  const figures: [string, () => Promise<unknown>][] = [
    ['sign-ins per hour, 24 h', () => signInBuckets(db, new Date(at.getTime() - DAY), 'hour')],
    [
      'sign-ins per day, 30 days',
      () => signInBuckets(db, new Date(at.getTime() - 30 * DAY), 'day'),
    ],
    ['active sessions', () => activeSessionCount(db, at)],
    ['service sign-ins, 30 days', () => serviceSignIns(db, new Date(at.getTime() - 30 * DAY))],
    ['locked accounts', () => lockedCounts(db, at)],
    ['dormant accounts, 90 days', () => dormantCounts(db, new Date(at.getTime() - 90 * DAY))],
    [
      'top failing addresses, 24 h',
      () => topFailingAddresses(db, new Date(at.getTime() - DAY), 10),
    ],
    ['queue depth and oldest', () => queueDepth(db)],
  ]
  console.log('\nDashboard figures alone (in process, server stopped), median of', repeat)
  for (const [name, read] of figures) {
    const times: number[] = []
    for (let i = 0; i < repeat; i++) {
      sent.length = 0
      const started = performance.now()
      await read()
      times.push(performance.now() - started)
    }
    const plans: string[] = []
    for (const { query, params } of [...sent]) {
      const plan = await pg.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, summary on) ${query}`,
        params,
      )
      const lines = plan.rows.map((row) => row['QUERY PLAN'])
      plans.push(lines.find((line) => line.startsWith('Execution Time')) ?? '')
      if (values.explain) console.log(lines.map((line) => `    ${line}`).join('\n'))
    }
    console.log(`  ${name.padEnd(30)} ${ms(median(times)).padStart(9)}   plan: ${plans.join('; ')}`)
  }
}
