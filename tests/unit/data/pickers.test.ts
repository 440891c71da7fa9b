import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IdentityDb } from '../../../src/data/db/identity'
import { findServices, findUsers } from '../../../src/data/lists/pickers'
import type { ListTable } from '../../../src/data/lists/readPage'
import { freshName, service, user } from './fixtures'

const db = new IdentityDb(freshName('pickers'))
const users = db.users as unknown as ListTable
const services = db.services as unknown as ListTable

beforeAll(async () => {
  await db.users.bulkPut([
    user(1, { nameFirst: 'Ada', nameLast: 'Lovelace', email: 'ada@example.com' }),
    user(2, { nameFirst: 'Adam', nameLast: 'Smith', email: 'adam@example.com' }),
    user(3, { nameFirst: 'Grace', nameLast: 'Hopper', email: 'grace@navy.example' }),
    user(4, { nameFirst: 'Bob', nameLast: 'Adams', email: 'bob@example.com' }),
    ...Array.from({ length: 30 }, (_, n) =>
      user(100 + n, { nameFirst: `Pat${n}`, nameLast: 'Doe', email: `pat${n}@corp.example` }),
    ),
  ])
  await db.services.bulkPut([
    service(1, { name: 'Alpha Desk', key: 'alpha-desk' }),
    service(2, { name: 'Beta Portal', key: 'beta' }),
    service(3, { name: 'Alpha Archive', key: 'alpha-old', deleted: true }),
  ])
})
afterAll(() => db.delete())

describe("the Logs pickers' search of the identity cache", () => {
  it('finds users as the Users list does, by last name, with their email', async () => {
    const found = await findUsers('ada', { table: users })
    expect(found.matches.map((m) => m.name)).toEqual(['Bob Adams', 'Ada Lovelace', 'Adam Smith'])
    expect(found.matches[1]).toEqual({
      id: 'u-000001',
      name: 'Ada Lovelace',
      detail: 'ada@example.com',
      deleted: false,
    })
    expect(found.count).toBe(3)
    expect((await findUsers('lovelace, ada', { table: users })).matches).toHaveLength(1)
    expect((await findUsers('navy', { table: users })).matches[0]?.name).toBe('Grace Hopper')
  })

  it('shows a few and counts the rest', async () => {
    const found = await findUsers('corp', { table: users })
    expect(found.matches).toHaveLength(8)
    expect(found.count).toBe(30)
  })

  it('finds services by name, deleted ones too, by name', async () => {
    const found = await findServices('  alpha ', { table: services })
    expect(found.matches).toEqual([
      { id: 'svc-000003', name: 'Alpha Archive', detail: 'alpha-old', deleted: true },
      { id: 'svc-000001', name: 'Alpha Desk', detail: 'alpha-desk', deleted: false },
    ])
    expect((await findServices('gamma', { table: services })).count).toBe(0)
  })

  it('stops when the search is abandoned', async () => {
    const stale = new AbortController()
    stale.abort()
    await expect(findUsers('ada', { table: users, signal: stale.signal })).rejects.toThrow()
  })
})
