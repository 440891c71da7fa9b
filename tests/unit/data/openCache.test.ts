import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { AttributesDb } from '../../../src/data/db/attributes'
import { IdentityDb } from '../../../src/data/db/identity'
import { openCache } from '../../../src/data/db/openCache'
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
    const reload = vi.fn()
    const db = new IdentityDb(name)
    expect(await openCache(db, reload)).toBe('open')
    await db.users.put(user(1))
    db.close()
    const again = new IdentityDb(name)
    expect(await openCache(again, reload)).toBe('open')
    expect(await again.users.count()).toBe(1)
    expect(reload).not.toHaveBeenCalled()
    await again.delete()
  })

  it('deletes and reloads when the stored database is older', async () => {
    const name = freshName('identity')
    await storedAt(name, 8)
    const reload = vi.fn()
    expect(await openCache(new IdentityDb(name), reload)).toBe('reset')
    expect(reload).toHaveBeenCalledOnce()
    expect(await exists(name)).toBe(false)
  })

  it('deletes and reloads when the stored database is newer', async () => {
    const name = freshName('attributes')
    await storedAt(name, 3)
    const reload = vi.fn()
    expect(await openCache(new AttributesDb(name), reload)).toBe('reset')
    expect(reload).toHaveBeenCalledOnce()
    expect(await exists(name)).toBe(false)
  })
})
