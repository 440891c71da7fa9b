/**
 * Indicative timings of the keyset list reader at issue 3's volume (100,000 sessions), in Node on
 * fake-indexeddb, which is far slower than a browser's IndexedDB: compare runs, not absolutes.
 * Usage: node --import tsx scripts/bench-list.ts [rows]
 */
import 'fake-indexeddb/auto'
import { performance } from 'node:perf_hooks'
import { IdentityDb } from '../src/data/db/identity'
import { defaultListOptions, type ListOptions } from '../src/data/lists/options'
import { readFirstPage } from '../src/data/lists/readFirstPage'
import { countRows, readPage, type ListTable, type PageKey } from '../src/data/lists/readPage'
import type { Session } from '../schema/session'

const total = Number(process.argv[2] ?? 100_000)
const db = new IdentityDb('bench-list')
const table = db.sessions as unknown as ListTable

function session(n: number): Session {
  const at = new Date(Date.UTC(2025, 0, 1) + (n % 50_000) * 60_000).toISOString()
  return {
    id: `0190${String(n).padStart(12, '0')}`,
    createdAt: at,
    updatedAt: at,
    userId: `u-${n % 20_000}`,
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    userAgent: 'bench',
    expires: at,
    nameFirst: `First${n % 20_000}`,
    nameLast: `Last${n % 997}`,
  }
}

async function time<T>(label: string, run: () => Promise<T>, repeat = 5): Promise<T> {
  let result: T | undefined
  const started = performance.now()
  for (let i = 0; i < repeat; i++) result = await run()
  console.log(`${label.padEnd(44)} ${((performance.now() - started) / repeat).toFixed(1)} ms`)
  return result as T
}

const withFilters = (filters: Partial<ListOptions['filters']>): ListOptions => {
  const options = defaultListOptions('sessions')
  return { ...options, filters: { ...options.filters, ...filters } }
}

const started = performance.now()
for (let i = 0; i < total; i += 5000) {
  await db.sessions.bulkPut(
    Array.from({ length: Math.min(5000, total - i) }, (_, n) => session(i + n)),
  )
}
console.log(`seeded ${total} sessions in ${(performance.now() - started).toFixed(0)} ms\n`)

const options = defaultListOptions('sessions')
const first = await time('first page (expires desc)', () =>
  readPage(table, 'sessions', options, null),
)
let after: PageKey | null = first.last
for (let page = 0; page < 1000 && after; page++)
  after = (await readPage(table, 'sessions', options, after)).last
console.log('(walked 1000 pages to reach page 1001)')
await time('page 1001 (after 50,000 rows)', () => readPage(table, 'sessions', options, after))
await time('first page + count, no filter', () => readFirstPage(table, 'sessions', options))
await time('next page, search "last5" (name)', () =>
  readPage(table, 'sessions', withFilters({ text: 'last5' }), null),
)
await time(
  'first page + count, search "last5"',
  () => readFirstPage(table, 'sessions', withFilters({ text: 'last5' })),
  1,
)
await time(
  'first page + count, search "10.1.2.3" (ip)',
  () => readFirstPage(table, 'sessions', withFilters({ text: '10.1.2.3' })),
  1,
)
await time('first page, one user', () =>
  readPage(table, 'sessions', withFilters({ userId: 'u-42' }), null),
)
await time('Record Count, no filter', () => countRows(table, 'sessions', options))
await time(
  'Record Count, search "last5"',
  () => countRows(table, 'sessions', withFilters({ text: 'last5' })),
  1,
)

await db.delete()
