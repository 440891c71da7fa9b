import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { IdentityDb } from '../../../src/data/db/identity'
import type { SyncNode } from '../../../src/data/sync/nodes'
import { readCursor, writeBatch } from '../../../src/data/sync/writeBatch'
import { freshName, session } from './fixtures'

let db = new IdentityDb(freshName('write'))
afterEach(async () => {
  await db.delete()
  db = new IdentityDb(freshName('write'))
})

const stored = async () => (await db.sessions.toArray()).map((row) => row.id)

describe('a batch and its cursor are committed together', () => {
  it('stores the rows and then the position after them', async () => {
    await writeBatch(db, 'sessions', [session(1), session(2)], '2')
    expect(await stored()).toEqual(['s-000001', 's-000002'])
    expect(await readCursor(db, 'sessions')).toBe('2')
    const state = await db.syncState.get('sessions')
    expect(state?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('deletes the rows that tombstones name', async () => {
    await writeBatch(db, 'sessions', [session(1), session(2), session(3)], '3')
    await writeBatch(db, 'sessions', [{ id: 's-000002', tombstone: true }, session(4)], '5')
    expect(await stored()).toEqual(['s-000001', 's-000003', 's-000004'])
    expect(await readCursor(db, 'sessions')).toBe('5')
  })

  it('keeps the later change when a batch names a row twice', async () => {
    await writeBatch(db, 'sessions', [session(1, { ip: 'old' }), session(1, { ip: 'new' })], '2')
    expect((await db.sessions.get('s-000001'))?.ip).toBe('new')
    await writeBatch(db, 'sessions', [session(2), { id: 's-000002', tombstone: true }], '4')
    expect(await db.sessions.get('s-000002')).toBeUndefined()
    await writeBatch(db, 'sessions', [{ id: 's-000003', tombstone: true }, session(3)], '6')
    expect(await db.sessions.get('s-000003')).toBeDefined()
  })

  it('on a failure mid-batch stores nothing of it and keeps the old cursor', async () => {
    await writeBatch(db, 'sessions', [session(1), session(2)], '2')
    // The third node has no id: IndexedDB refuses it after the first two were put.
    const broken = [session(3), { id: 's-000001', tombstone: true }, { ...session(4), id: undefined }]
    await expect(writeBatch(db, 'sessions', broken as unknown as SyncNode[], '5')).rejects.toThrow()
    expect(await stored()).toEqual(['s-000001', 's-000002'])
    expect(await readCursor(db, 'sessions')).toBe('2')
    // Resuming from the kept cursor continues exactly where the last good batch ended.
    await writeBatch(db, 'sessions', [session(3), { id: 's-000001', tombstone: true }, session(4)], '5')
    expect(await stored()).toEqual(['s-000002', 's-000003', 's-000004'])
    expect(await readCursor(db, 'sessions')).toBe('5')
  })

  it('reads no cursor for a collection never synced', async () => {
    expect(await readCursor(db, 'users')).toBeNull()
  })
})
