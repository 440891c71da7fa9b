import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { User } from '../../../schema/user'
import { IdentityDb } from '../../../src/data/db/identity'
import { rowFilter, type ListRow } from '../../../src/data/lists/filter'
import { matchingIds, matchingRows } from '../../../src/data/lists/matching'
import { defaultListOptions, loadListOptions, type ListOptions } from '../../../src/data/lists/options'
import { readFirstPage } from '../../../src/data/lists/readFirstPage'
import { readPage, type ListTable, type PageKey } from '../../../src/data/lists/readPage'
import { listUser } from '../../../src/areas/users/paths/userList.fixtures'
import { freshName } from './fixtures'

const db = new IdentityDb(freshName('users'))
const users = db.users as unknown as ListTable
const COUNT = 260
const DAY = 864e5
const NOW = Date.UTC(2026, 5, 1)

// Varied names (ties on last names), sign-ins from 0 to 259 days ago, some never.
const user = (n: number): User =>
  listUser(n, {
    nameLast: ['Smith', 'smith', 'Jones', 'Brown'][n % 4]!,
    nameFirst: `P${String(n % 17).padStart(2, '0')}`,
    lastLogin: n % 5 === 0 ? null : new Date(NOW - n * DAY).toISOString(),
    locked: n % 7 === 0,
    disabled: n % 11 === 0,
  })

beforeAll(async () => {
  await db.users.bulkPut(Array.from({ length: COUNT }, (_, n) => user(n)))
})
afterAll(() => db.delete())

const options = (filters: Partial<ListOptions['filters']> = {}, sort?: ListOptions['sort']) => {
  const defaults = defaultListOptions('users')
  return { sort: sort ?? defaults.sort, filters: { ...defaults.filters, ...filters } }
}

async function readAll(opts: ListOptions) {
  const rows: ListRow[] = []
  let after: PageKey | null = null
  for (;;) {
    const page = await readPage(users, 'users', opts, after, 50)
    rows.push(...page.rows)
    if (page.done) return rows
    after = page.last
  }
}

describe('the users list over the identity cache', () => {
  it('writes the derived sort keys with every row, never-signed-in included', async () => {
    const row = (await db.users.get(user(5).id)) as unknown as Record<string, unknown>
    expect(row.sortName).toBe('smith\u0000p05')
    expect(row.sortLastLogin).toBe('')
    expect(await db.users.where('[sortLastLogin+id]').above(['', '']).count()).toBe(COUNT)
  })

  it('keyset-pages by name (last, first, id; case ignored), last sign-in and created', async () => {
    const all = (await db.users.toArray()) as unknown as ListRow[]
    const key = (r: ListRow) => `${String(r.nameLast).toLowerCase()}\u0000${String(r.nameFirst).toLowerCase()}`
    const byName = [...all].sort((a, b) => key(a).localeCompare(key(b)) || a.id.localeCompare(b.id))
    expect((await readAll(options())).map((r) => r.id)).toEqual(byName.map((r) => r.id))
    const recent = await readAll(options({}, { field: 'sortLastLogin', direction: 'desc' }))
    expect(recent).toHaveLength(COUNT)
    expect(recent[0]!.id).toBe(user(1).id)
    // Never signed in: last, newest first.
    expect(recent.slice(-COUNT / 5).every((r) => r.lastLogin === null)).toBe(true)
    const created = await readAll(options({}, { field: 'createdAt', direction: 'asc' }))
    expect(created.map((r) => r.id)).toEqual([...all].sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)) || a.id.localeCompare(b.id)).map((r) => r.id))
  })

  it('filters by status, type, two-factor and dormancy', () => {
    const test = (filters: Partial<ListOptions['filters']>) => {
      const passes = rowFilter('users', options(filters).filters, NOW)!
      return Array.from({ length: COUNT }, (_, n) => user(n) as unknown as ListRow).filter(passes)
    }
    expect(test({ status: 'disabled' })).toHaveLength(Math.ceil(COUNT / 11))
    expect(test({ status: 'active' }).every((r) => !r.locked && !r.disabled)).toBe(true)
    expect(test({ dormant: 'never' })).toHaveLength(COUNT / 5)
    // 90 days: no sign-in since 90 days ago, or never.
    expect(test({ dormant: '90' })).toHaveLength(
      Array.from({ length: COUNT }, (_, n) => n).filter((n) => n % 5 === 0 || n > 90).length,
    )
    expect(test({ userType: 'EXTERNAL', twoFactor: 'on' }).every((r) => r.type === 'EXTERNAL' && r.use2FA)).toBe(true)
  })

  it('searches with a first page and count from one scan, in sort order', async () => {
    const opts = options({ text: 'p03' }, { field: 'sortLastLogin', direction: 'desc' })
    const first = await readFirstPage(users, 'users', opts, 5)
    const all = await matchingRows('users', opts, users)
    expect(first.count).toBe(all.length)
    expect(first.rows.map((r) => r.id)).toEqual(all.slice(0, 5).map((r) => r.id))
    expect(new Set(await matchingIds('users', opts, users))).toEqual(new Set(all.map((r) => r.id)))
    expect(await matchingIds('users', options(), users)).toHaveLength(COUNT)
  })

  it('keeps stored user filters, replacing unknown values with the defaults', () => {
    const store = new Map<string, string>()
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }
    store.set('gatehouse.list.users', JSON.stringify({ filters: { dormant: '90', status: 'bogus' } }))
    const loaded = loadListOptions('users', storage)
    expect(loaded.filters).toMatchObject({ dormant: '90', status: 'any', userType: 'all' })
    expect(loaded.sort).toEqual({ field: 'sortName', direction: 'asc' })
  })
})
