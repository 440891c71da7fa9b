import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { attributesDb } from '../../../src/data/db/attributes'
import {
  readKeyWithOptions,
  watchLeafContext,
  type LeafContext,
} from '../../../src/data/db/attributeKeys'
import { aCondition, aKey, aLink, anOption } from '../../../src/areas/attributes/paths/attributes.fixtures'

const colour = aKey(1, { name: 'Colour' })
const size = aKey(2, { name: 'Size' })
const extras = aKey(3, { name: 'Extras', type: 'BRANCH' })
const parent = '0193a1b2-0000-7000-8000-000000000100'
const strip = ({ key: _key, ...link }: ReturnType<typeof aLink>) => link

beforeEach(async () => {
  const db = attributesDb()
  await Promise.all(db.tables.map((table) => table.clear()))
})

describe('the attribute key reads', () => {
  it('reads a key with its live options by createdAt', async () => {
    const db = attributesDb()
    await db.attributeKeys.put(colour)
    await db.attributeKeyOptions.bulkPut([
      anOption(12, colour.id, 'Later', 'later', { createdAt: '2026-01-05T10:00:09.000Z', sortOrder: 0 }),
      anOption(11, colour.id, 'Earlier', 'earlier', { createdAt: '2026-01-05T10:00:01.000Z', sortOrder: 1 }),
      anOption(13, colour.id, 'Gone', 'gone', { deleted: true }),
      anOption(14, size.id, 'Other key', 'other'),
    ])
    const read = await readKeyWithOptions(colour.id)
    expect(read.key?.name).toBe('Colour')
    expect(read.options.map((o) => o.label)).toEqual(['Earlier', 'Later'])
    expect((await readKeyWithOptions('nothing')).key).toBeUndefined()
  })

  it("follows a leaf's siblings in order with their keys, and the conditions its key sets", async () => {
    const db = attributesDb()
    const a = aLink(101, colour, parent, 0)
    const b = aLink(102, size, parent, 2)
    const c = aLink(103, extras, parent, 1)
    const removed = { ...aLink(104, size, parent, 3), deleted: true }
    await db.attributeKeys.bulkPut([colour, size, extras])
    await db.attributeKeyAssociations.bulkPut([a, b, c, removed].map(strip))
    await db.attributeKeyConditions.bulkPut([
      aCondition(301, colour.id, 'red', c.id),
      { ...aCondition(302, colour.id, 'blue', b.id), deleted: true },
      aCondition(303, size.id, '1', b.id),
    ])
    const seen: LeafContext[] = []
    const stop = watchLeafContext(a.id, { next: (v) => seen.push(v), error: (e) => { throw e } })
    await expect.poll(() => seen.length).toBeGreaterThan(0)
    const first = seen.at(-1) as LeafContext
    expect(first.leaf?.key?.name).toBe('Colour')
    expect(first.siblings.map((s) => s.key?.name)).toEqual(['Colour', 'Extras', 'Size'])
    expect(first.conditions.map((x) => x.value)).toEqual(['red'])

    // A change anywhere in the family is seen.
    await db.attributeKeyConditions.put(aCondition(304, colour.id, 'green', b.id))
    await expect.poll(() => seen.at(-1)?.conditions.length).toBe(2)
    stop()
  })
})
