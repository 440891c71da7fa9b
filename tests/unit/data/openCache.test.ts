import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import { AttributesDb } from '../../../src/data/db/attributes'
import { IdentityDb } from '../../../src/data/db/identity'
import { deleteCache, openCache } from '../../../src/data/db/openCache'
import { freshName, user } from './fixtures'

async function storedAt(name: string, version: number) {
  const old = new Dexie(name)
  old.version(version).stores({ users: 'id, email', syncState: 'collection' })
  await old.table('users').put(user(1))
  old.close()
}

const exists = async (name: string) => (await Dexie.getDatabaseNames()).includes(name)

describe('the cache version rule', () => {
  it('opens a new or current database and keeps its rows', async () => {
    const name = freshName('identity')
    const db = new IdentityDb(name)
    expect(await openCache(db)).toBe('open')
    await db.users.put(user(1))
    db.close()
    const again = new IdentityDb(name)
    expect(await openCache(again)).toBe('open')
    expect(await again.users.count()).toBe(1)
    await again.delete()
  })

  it('finds a stored database that is older outdated, and deletes it', async () => {
    const name = freshName('identity')
    await storedAt(name, 8)
    const db = new IdentityDb(name)
    expect(await openCache(db)).toBe('outdated')
    await deleteCache(db)
    expect(await exists(name)).toBe(false)
  })

  it('finds a stored database that is newer outdated, and deletes it', async () => {
    const name = freshName('attributes')
    await storedAt(name, 3)
    const db = new AttributesDb(name)
    expect(await openCache(db)).toBe('outdated')
    await deleteCache(db)
    expect(await exists(name)).toBe(false)
  })
})
