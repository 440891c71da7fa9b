import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IdentityDb } from '../../../src/data/db/identity'
import type { ListRow } from '../../../src/data/lists/filter'
import type { ListType } from '../../../src/data/lists/listTypes'
import { defaultListOptions, type ListOptions } from '../../../src/data/lists/options'
import { readFirstPage } from '../../../src/data/lists/readFirstPage'
import { scanMatching } from '../../../src/data/lists/scan'
import { countRows, readPage, type ListTable, type PageKey } from '../../../src/data/lists/readPage'
import { freshName, service, session } from './fixtures'

const db = new IdentityDb(freshName('lists'))
const sessions = db.sessions as unknown as ListTable
const services = db.services as unknown as ListTable
const SESSIONS = 523

beforeAll(async () => {
  await db.sessions.bulkPut(Array.from({ length: SESSIONS }, (_, n) => session(n)))
  await db.services.bulkPut(
    Array.from({ length: 120 }, (_, n) => service(n, { deleted: n % 4 === 0 })),
  )
})
afterAll(() => db.delete())

const options = (type: ListType, over: Partial<ListOptions['filters']> = {}, sort?: ListOptions['sort']) => {
  const defaults = defaultListOptions(type)
  return { sort: sort ?? defaults.sort, filters: { ...defaults.filters, ...over } }
}

async function readAll(table: ListTable, type: ListType, opts: ListOptions, limit = 50) {
  const rows: ListRow[] = []
  let after: PageKey | null = null
  for (let guard = 0; guard < 1000; guard++) {
    const page = await readPage(table, type, opts, after, limit)
    rows.push(...page.rows)
    if (page.done) return rows
    after = page.last
  }
  throw new Error('the list never ended')
}

// What the list must show: every matching row once, by sort value then id.
function expected(rows: ListRow[], { field, direction }: ListOptions['sort']) {
  const sign = direction === 'asc' ? 1 : -1
  return [...rows]
    .sort((a, b) => sign * (String(a[field]).localeCompare(String(b[field])) || a.id.localeCompare(b.id)))
    .map((row) => row.id)
}

describe('keyset pages', () => {
  it('reads sessions by expiry, newest first by default, 50 rows a page', async () => {
    const first = await readPage(sessions, 'sessions', options('sessions'), null)
    expect(first.rows).toHaveLength(50)
    expect(first.done).toBe(false)
    expect(first.last).toEqual({ value: first.rows[49]?.expires, id: first.rows[49]?.id })
  })

  for (const direction of ['asc', 'desc'] as const) {
    it(`walks every session once, in ${direction} order, across pages full of ties`, async () => {
      const opts = options('sessions', {}, { field: 'expires', direction })
      const ids = (await readAll(sessions, 'sessions', opts)).map((row) => row.id)
      expect(new Set(ids).size).toBe(SESSIONS)
      expect(ids).toEqual(expected(await sessions.toArray(), opts.sort))
    })
  }

  for (const field of ['name', 'createdAt', 'updatedAt']) {
    it(`walks services by ${field}, hiding deleted ones`, async () => {
      const opts = options('services', {}, { field, direction: 'asc' })
      const ids = (await readAll(services, 'services', opts, 7)).map((row) => row.id)
      const live = (await services.toArray()).filter((row) => !row.deleted)
      expect(ids).toEqual(expected(live, opts.sort))
    })
  }

  it('neither repeats nor skips rows when rows are added before the page boundary', async () => {
    const opts = options('sessions')
    const first = await readPage(sessions, 'sessions', opts, null)
    // A newer session sorts before everything already read; the next page must not shift.
    await db.sessions.put(session(9999, { expires: '2030-01-01T00:00:00.000Z' }))
    const second = await readPage(sessions, 'sessions', opts, first.last)
    const all = expected(await sessions.toArray(), opts.sort).filter((id) => id !== 's-009999')
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(all.slice(0, 100))
    await db.sessions.delete('s-009999')
  })
})

describe('filters and counts', () => {
  it('finds sessions by user name or ip, trimmed and case-insensitive', async () => {
    const byName = options('sessions', { text: '  FIRST3 last3 ' })
    const rows = await readAll(sessions, 'sessions', byName)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.userId === 'u-000003')).toBe(true)
    expect(await countRows(sessions, 'sessions', byName)).toBe(rows.length)
    const byIp = options('sessions', { text: '10.0.1.25' })
    const ips = (await readAll(sessions, 'sessions', byIp)).map((row) => row.ip)
    const wanted = ['10.0.1.25', ...[0, 1, 2, 3, 4, 5].map((n) => `10.0.1.25${n}`)]
    expect(ips.sort()).toEqual(wanted)
  })

  it('filters by user and by id, paging the narrowed rows the same way', async () => {
    const byUser = options('sessions', { userId: 'u-000007' })
    const rows = await readAll(sessions, 'sessions', byUser, 10)
    const all = (await sessions.toArray()).filter((row) => row.userId === 'u-000007')
    expect(rows.map((row) => row.id)).toEqual(expected(all, byUser.sort))
    expect(await countRows(sessions, 'sessions', byUser)).toBe(all.length)
    const byId = options('sessions', { id: 's-000042' })
    expect((await readAll(sessions, 'sessions', byId)).map((row) => row.id)).toEqual(['s-000042'])
    expect(await countRows(sessions, 'sessions', byId)).toBe(1)
  })

  it('shows deleted services only with Show Deleted on', async () => {
    const search = { text: 'service 1' }
    const hidden = await readAll(services, 'services', options('services', search))
    const shown = await readAll(services, 'services', options('services', { ...search, showDeleted: true }))
    expect(hidden.some((row) => row.deleted)).toBe(false)
    expect(shown.some((row) => row.deleted)).toBe(true)
    expect(await countRows(services, 'services', options('services', search))).toBe(hidden.length)
    expect(await countRows(services, 'services', options('services', { showDeleted: true }))).toBe(120)
  })

  it('counts every row when nothing filters', async () => {
    expect(await countRows(sessions, 'sessions', options('sessions'))).toBe(SESSIONS)
    expect(await countRows(services, 'services', options('services'))).toBe(90)
  })

  it('reads a first page and its count together, searched or not', async () => {
    for (const filters of [{}, { text: 'first4' }, { text: 'last9', userId: 'u-000009' }, { text: '10.0.0.1' }]) {
      const opts = options('sessions', filters)
      const { count, ...page } = await readFirstPage(sessions, 'sessions', opts, 20)
      expect(page, JSON.stringify(filters)).toEqual(await readPage(sessions, 'sessions', opts, null, 20))
      expect(count).toBe(await countRows(sessions, 'sessions', opts))
    }
  })

  it('scans in chunks without losing or repeating a row at chunk edges', async () => {
    const all = await scanMatching(sessions, () => true, 7)
    expect(all.map((row) => row.id)).toEqual((await sessions.toArray()).map((row) => row.id))
    const some = await scanMatching(sessions, (row) => row.userId === 'u-000002', 10)
    expect(some).toHaveLength(53)
  })

  it('ends with an empty page when nothing matches', async () => {
    const page = await readPage(sessions, 'sessions', options('sessions', { text: 'nobody' }), null)
    expect(page).toEqual({ rows: [], last: null, done: true })
  })
})
