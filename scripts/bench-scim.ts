// `npm run bench:scim`: 10,000 users provisioned through /scim/v2/Bulk (10 requests of 1,000, one
// after another, as a provisioning client sends them) on a fresh embedded database, then filter
// queries over them (issue 33: "10,000 users ... in under a minute on this machine").
// The anchor, measured in the same run on another fresh embedded database: the same 10,000 user
// rows and their 10,000 audit rows written straight into the tables by the seed's bulk insert
// (scripts/seed/bulk-insert.ts) — the database's own cost of what SCIM stores, with no HTTP, no
// validation and no per-row transaction, so "SCIM / anchor" is SCIM's overhead (docs/scim-filters.md).
// Figures are printed, never asserted. Options: --users N (default 10,000), --batch N (default 1,000).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { performance } from 'node:perf_hooks'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/database'
import { auditLog } from '../server/db/schema/audit'
import { users } from '../server/db/schema/users'
import { ADMIN, client, cookieOf, startBenchServer } from './bench/support'
import { bulkInsert } from './seed/bulk-insert'

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '1000' },
  },
})
const COUNT = Number(values.users)
const BATCH = Number(values.batch)
const DOMAIN = 'bench.example.org'
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Katherine']
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Johnson']

const person = (n: number) => ({
  givenName: `${FIRST[n % FIRST.length]}`,
  familyName: `${LAST[Math.floor(n / FIRST.length) % LAST.length]}${n}`,
  email: `user${n}@${DOMAIN}`,
  phone: String(6000000000 + n),
  externalId: `ext-${n}`,
})

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

/** The anchor: the same rows straight into a fresh database's tables. */
async function anchor(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-scim-anchor-'))
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }))
  try {
    const started = performance.now()
    await database.db.transaction(async (tx) => {
      const now = new Date()
      const rows = Array.from({ length: COUNT }, (_, n) => {
        const p = person(n)
        return {
          id: crypto.randomUUID(),
          createdAt: now,
          updatedAt: now,
          nameFirst: p.givenName,
          nameLast: p.familyName,
          email: p.email,
          phone: p.phone,
          externalId: p.externalId,
          passwordHash: '!',
          passwordChangedAt: now,
          type: 'INTERNAL' as const,
        }
      })
      await bulkInsert(tx, users, rows)
      await bulkInsert(
        tx,
        auditLog,
        rows.map((row) => ({
          id: crypto.randomUUID(),
          at: now,
          action: 'user.created',
          outcome: 'success' as const,
          subjectUserId: row.id,
          detail: { source: 'scim' },
        })),
      )
    })
    return performance.now() - started
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function scim(url: string, token: string, method: string, path: string, body?: unknown) {
  const started = performance.now()
  const response = await fetch(`${url}/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/scim+json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await response.json()) as Record<string, unknown>
  const ms = performance.now() - started
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
  return { json, ms }
}

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-scim-'))
console.log(`Starting Gatehouse on a fresh embedded database (${dataDir})…`)
const server = await startBenchServer(dataDir)
const http = client(server.port, 2)
try {
  const login = await http.send('POST', '/v1/login', {
    json: { username: ADMIN.email, password: ADMIN.password },
  })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`)
  const made = await http.send('POST', '/v1/tokens', {
    cookie: cookieOf(login),
    json: {
      name: 'bench:scim',
      roles: [],
      permissions: ['users.read', 'users.write'],
      groupId: null,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  })
  if (made.status !== 200) throw new Error(`token: ${made.status} ${made.body}`)
  const token = (JSON.parse(made.body) as { results: { secret: string } }).results.secret

  console.log(`Provisioning ${COUNT} users through /scim/v2/Bulk, ${BATCH} per request…`)
  const perRequest: number[] = []
  const started = performance.now()
  for (let start = 0; start < COUNT; start += BATCH) {
    const operations = Array.from({ length: Math.min(BATCH, COUNT - start) }, (_, i) => {
      const p = person(start + i)
      return {
        method: 'POST',
        path: '/Users',
        bulkId: `u${start + i}`,
        data: {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: p.email,
          externalId: p.externalId,
          name: { givenName: p.givenName, familyName: p.familyName },
          emails: [{ value: p.email, type: 'work', primary: true }],
          phoneNumbers: [{ value: p.phone, type: 'mobile' }],
          active: true,
        },
      }
    })
    const { json, ms } = await scim(server.url, token, 'POST', '/Bulk', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'],
      failOnErrors: 1,
      Operations: operations,
    })
    const answers = (json.Operations ?? []) as { status: string }[]
    const failed = answers.filter((a) => String(a.status) !== '201')
    if (answers.length !== operations.length || failed.length > 0) {
      throw new Error(
        `Bulk from ${start}: ${failed.length} failed, e.g. ${JSON.stringify(failed[0])}`,
      )
    }
    perRequest.push(ms)
  }
  const scimMs = performance.now() - started

  const filters = [
    `userName eq "user${Math.floor(COUNT / 2)}@${DOMAIN}"`,
    `externalId eq "ext-${COUNT - 1}"`,
    'name.familyName sw "Hopper1" and active eq true',
    `emails[type eq "work" and value co "99@"] or phoneNumbers.value ew "0001"`,
  ]
  const timings: { filter: string; total: number; ms: number }[] = []
  for (const filter of filters) {
    const path = `/Users?filter=${encodeURIComponent(filter)}&count=100`
    await scim(server.url, token, 'GET', path) // warm
    const runs: number[] = []
    let total = 0
    for (let i = 0; i < 5; i++) {
      const { json, ms } = await scim(server.url, token, 'GET', path)
      total = Number(json.totalResults)
      runs.push(ms)
    }
    timings.push({ filter, total, ms: median(runs) })
  }
  http.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })

  console.log('Measuring the anchor (the same rows by bulk insert, on a fresh database)…')
  const anchorMs = await anchor()

  console.log('')
  console.log(
    `SCIM Bulk: ${COUNT} users in ${seconds(scimMs)} (${(COUNT / (scimMs / 1000)).toFixed(0)} users/s)`,
  )
  console.log(
    `  per request of ${BATCH}: median ${seconds(median(perRequest))}, slowest ${seconds(Math.max(...perRequest))}`,
  )
  console.log(`Anchor, bulk insert of the same users and audit rows: ${seconds(anchorMs)}`)
  console.log(`SCIM / anchor: ${(scimMs / anchorMs).toFixed(1)}×; goal: SCIM under 60 s`)
  console.log('')
  console.log(`Filters over ${COUNT} users (median of 5, count=100):`)
  for (const t of timings)
    console.log(
      `  ${t.ms.toFixed(1).padStart(7)} ms  ${String(t.total).padStart(5)} found  ${t.filter}`,
    )
} catch (error) {
  http.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  throw error
}
