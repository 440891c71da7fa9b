import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AttributesDb } from '../../../src/data/db/attributes'
import { IdentityDb } from '../../../src/data/db/identity'
import { query } from '../../../src/data/query/query'
import type { Row } from '../../../src/data/query/types'
import { association, attributeKey, freshName, option, service, session, user } from './fixtures'

const identity = new IdentityDb(freshName('query-identity'))
const attributes = new AttributesDb(freshName('query-attributes'))
const ids = (rows: Row[]) => rows.map((row) => row.id)

beforeAll(async () => {
  await identity.users.bulkPut(Array.from({ length: 10 }, (_, n) => user(n)))
  await identity.sessions.bulkPut(Array.from({ length: 40 }, (_, n) => session(n)))
  await identity.services.bulkPut([
    service(1, { name: 'Billing Portal' }),
    service(2, { name: 'billing API', deleted: true }),
    service(3, { name: 'Pharmacy' }),
    service(4, { name: 'Records' }),
  ])
  // A tree five levels deep: a0 → a1 → a2 → a3 → a4, plus a second root a5.
  await attributes.attributeKeys.bulkPut(Array.from({ length: 6 }, (_, n) => attributeKey(n)))
  await attributes.attributeKeyAssociations.bulkPut([
    association(0, null),
    association(1, 0),
    association(2, 1),
    association(3, 2),
    association(4, 3),
    association(5, null),
  ])
  await attributes.attributeKeyOptions.bulkPut([
    option(1, 0, { createdAt: '2025-03-01T00:00:00.000Z' }),
    option(2, 0, { createdAt: '2025-01-01T00:00:00.000Z' }),
    option(3, 0, { createdAt: '2025-02-01T00:00:00.000Z', deleted: true }),
    option(4, 1),
  ])
})

afterAll(async () => {
  await identity.delete()
  await attributes.delete()
})

describe('where operators', () => {
  it('equals on an indexed field, on a plain field, as a bare value and as null', async () => {
    expect(ids(await query(identity, 'sessions', { where: { userId: { equals: 'u-000003' } } })))
      .toEqual(['s-000003', 's-000013', 's-000023', 's-000033'])
    expect(ids(await query(identity, 'sessions', { where: { ip: { equals: '10.0.0.7' } } })))
      .toEqual(['s-000007'])
    expect(ids(await query(identity, 'services', { where: { name: 'Pharmacy' } }))).toEqual(['svc-000003'])
    const roots = await query(attributes, 'attributeKeyAssociations', {
      where: { parentAssociationId: { equals: null } },
    })
    expect(ids(roots)).toEqual(['a-000000', 'a-000005'])
  })

  it('gt, gte, lt and lte on an indexed field, alone and as a range', async () => {
    const by = (where: Row) => query(identity, 'users', { where: { id: where } }).then(ids)
    expect(await by({ gt: 'u-000007' })).toEqual(['u-000008', 'u-000009'])
    expect(await by({ gte: 'u-000008' })).toEqual(['u-000008', 'u-000009'])
    expect(await by({ lt: 'u-000002' })).toEqual(['u-000000', 'u-000001'])
    expect(await by({ lte: 'u-000001' })).toEqual(['u-000000', 'u-000001'])
    expect(await by({ gt: 'u-000002', lte: 'u-000004' })).toEqual(['u-000003', 'u-000004'])
    expect(await by({ gte: 'u-000005', lt: 'u-000002' })).toEqual([])
  })

  it('gt, gte, lt and lte on a field without an index, numbers included', async () => {
    const by = (where: Row) =>
      query(attributes, 'attributeKeyOptions', { where: { sortOrder: where } }).then(ids)
    expect(await by({ gt: 3 })).toEqual(['o-000004'])
    expect(await by({ gte: 3 })).toEqual(['o-000003', 'o-000004'])
    expect(await by({ lt: 2 })).toEqual(['o-000001'])
    expect(await by({ lte: 2 })).toEqual(['o-000001', 'o-000002'])
  })

  it('in and notIn, on indexed and plain fields', async () => {
    const inUsers = await query(identity, 'sessions', { where: { userId: { in: ['u-000001', 'u-000002'] } } })
    expect(inUsers).toHaveLength(8)
    const byName = await query(identity, 'services', { where: { name: { in: ['Records', 'Pharmacy'] } } })
    expect(ids(byName)).toEqual(['svc-000003', 'svc-000004'])
    const others = await query(identity, 'services', { where: { id: { notIn: ['svc-000001', 'svc-000002'] } } })
    expect(ids(others)).toEqual(['svc-000003', 'svc-000004'])
  })

  it('contains is a case-insensitive substring', async () => {
    const found = await query(identity, 'services', { where: { name: { contains: 'BILLING' } } })
    expect(ids(found)).toEqual(['svc-000001', 'svc-000002'])
    expect(await query(identity, 'services', { where: { name: { contains: 'xyz' } } })).toEqual([])
  })

  it('combines fields: every condition must hold', async () => {
    const found = await query(identity, 'services', {
      where: { name: { contains: 'billing' }, deleted: { equals: false } },
    })
    expect(ids(found)).toEqual(['svc-000001'])
  })

  it("refuses an unknown operator with 'Unsupported operator:'", async () => {
    await expect(
      query(identity, 'services', { where: { name: { startsWith: 'B' } as never } }),
    ).rejects.toThrow('Unsupported operator: startsWith')
  })
})

describe('orderBy, skip and take', () => {
  it('orders along a list index in both directions, ties broken by id', async () => {
    const asc = await query(identity, 'sessions', { orderBy: { expires: 'asc' }, take: 7 })
    expect(ids(asc)).toEqual(['s-000000', 's-000007', 's-000014', 's-000021', 's-000028', 's-000035', 's-000001'])
    const desc = await query(identity, 'sessions', { orderBy: { expires: 'desc' }, take: 3 })
    expect(ids(desc)).toEqual(['s-000034', 's-000027', 's-000020'])
  })

  it('orders by a field without an index, and by several fields', async () => {
    const byIp = await query(identity, 'sessions', { orderBy: { ip: 'desc' }, take: 2 })
    expect(ids(byIp)).toEqual(['s-000009', 's-000008'])
    const byName = await query(identity, 'sessions', {
      orderBy: [{ nameLast: 'asc' }, { expires: 'desc' }],
      take: 3,
    })
    expect(ids(byName)).toEqual(['s-000020', 's-000010', 's-000030'])
  })

  it('skips and takes after filtering, ordered or not', async () => {
    const ordered = await query(identity, 'sessions', {
      where: { userId: { equals: 'u-000001' } },
      orderBy: { createdAt: 'asc' },
      skip: 1,
      take: 2,
    })
    expect(ids(ordered)).toEqual(['s-000011', 's-000021'])
    const unordered = await query(identity, 'sessions', {
      where: { nameFirst: { equals: 'First2' } },
      skip: 2,
      take: 5,
    })
    expect(ids(unordered)).toEqual(['s-000022', 's-000032'])
    const alongIndex = await query(identity, 'sessions', {
      where: { nameFirst: { equals: 'First2' } },
      orderBy: { expires: 'asc' },
      skip: 1,
      take: 1,
    })
    expect(ids(alongIndex)).toEqual(['s-000002'])
  })

  it('matches a plain in-memory evaluation for many combinations', async () => {
    const all = await identity.sessions.toArray()
    const cases: { where: Row; field: string; direction: 'asc' | 'desc'; skip: number; take: number }[] = []
    for (const field of ['expires', 'ip', 'id', 'userId'])
      for (const direction of ['asc', 'desc'] as const)
        for (const where of [{}, { userId: 'u-000004' }, { expires: { gte: all[3]?.expires } }])
          cases.push({ where, field, direction, skip: 2, take: 5 })
    for (const { where, field, direction, skip, take } of cases) {
      const found = await query(identity, 'sessions', { where: where as never, orderBy: { [field]: direction }, skip, take })
      const expected = all
        .filter((row) => Object.entries(where).every(([k, v]) => (typeof v === 'object' ? row[k as 'id'] >= (v as { gte: string }).gte : row[k as 'id'] === v)))
        .sort((a, b) => {
          const order = String(a[field as 'id']).localeCompare(String(b[field as 'id'])) || a.id.localeCompare(b.id)
          return direction === 'asc' ? order : -order
        })
        .slice(skip, skip + take)
      expect(ids(found), JSON.stringify({ where, field, direction })).toEqual(ids(expected))
    }
  })
})

describe('include', () => {
  it('attaches one related row, or null when it is missing', async () => {
    await identity.sessions.put(session(99, { userId: 'u-missing' }))
    const [linked] = await query(identity, 'sessions', { where: { id: 's-000003' }, include: { user: true } })
    expect((linked?.user as Row).id).toBe('u-000003')
    const [orphan] = await query(identity, 'sessions', { where: { id: 's-000099' }, include: { user: true } })
    expect(orphan?.user).toBeNull()
    await identity.sessions.delete('s-000099')
  })

  it('attaches many related rows with their own where, orderBy and take', async () => {
    const [key] = await query(attributes, 'attributeKeys', {
      where: { id: 'k-000000' },
      include: { options: { where: { deleted: false }, orderBy: { createdAt: 'asc' } } },
    })
    expect(ids(key?.options as Row[])).toEqual(['o-000002', 'o-000001'])
    const [first] = await query(attributes, 'attributeKeys', {
      where: { id: 'k-000000' },
      include: { options: { orderBy: { createdAt: 'desc' }, take: 1 } },
    })
    expect(ids(first?.options as Row[])).toEqual(['o-000001'])
  })

  it('nests includes down to depth 4', async () => {
    const level = (include: Row | boolean) => ({ include: { children: include } })
    const [root] = await query(attributes, 'attributeKeyAssociations', {
      where: { id: 'a-000000' },
      include: { attributeKey: true, children: level(level(level(true))) },
    })
    expect((root?.attributeKey as Row).name).toBe('Key 0')
    const l1 = (root?.children as Row[])[0]
    const l2 = (l1?.children as Row[])[0]
    const l3 = (l2?.children as Row[])[0]
    const l4 = (l3?.children as Row[])[0]
    expect([l1?.id, l2?.id, l3?.id, l4?.id]).toEqual(['a-000001', 'a-000002', 'a-000003', 'a-000004'])
    expect(l4?.children).toBeUndefined()
  })

  it("refuses depth 5 with 'Maximum include depth of 4 exceeded'", async () => {
    const include = { children: { include: { children: { include: { children: { include: { children: { include: { attributeKey: true } } } } } } } } }
    await expect(query(attributes, 'attributeKeyAssociations', { include })).rejects.toThrow(
      'Maximum include depth of 4 exceeded',
    )
  })
})

describe('errors', () => {
  it("names a missing table: 'Table {name} not found in database'", async () => {
    await expect(query(identity, 'attributeKeys')).rejects.toThrow('Table attributeKeys not found in database')
  })

  it("names a missing related table: 'Related table {name} not found in database'", async () => {
    const partial = new Dexie(freshName('partial'))
    partial.version(1).stores({ sessions: 'id' })
    await partial.table('sessions').put(session(1))
    await expect(query(partial, 'sessions', { include: { user: true } })).rejects.toThrow(
      'Related table users not found in database',
    )
    await expect(query(identity, 'sessions', { include: { visage: true } })).rejects.toThrow(
      'Related table visage not found in database',
    )
    await partial.delete()
  })
})
