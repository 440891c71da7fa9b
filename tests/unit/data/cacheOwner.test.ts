import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Permission, UserType } from '../../../schema/permissions'
import { AttributesDb } from '../../../src/data/db/attributes'
import { claimCache, ownerKey } from '../../../src/data/db/cacheOwner'
import { IdentityDb } from '../../../src/data/db/identity'
import { pullCollection, type SyncDeps } from '../../../src/data/sync/pullCollection'
import { syncArea } from '../../../src/data/sync/syncArea'
import type { PullCollection } from '../../../src/data/sync/writer'
import { emptyCollection, readCursor, writeBatch } from '../../../src/data/sync/writeBatch'
import { FakeSyncServer } from './fakeSyncServer'
import { association, attributeKey, freshName, service, session, user } from './fixtures'

const pullWith = (deps: SyncDeps): PullCollection => (collection, signal, onBatch) =>
  pullCollection(collection, deps, signal, onBatch)

const everything: Permission[] = ['users.read', 'sessions.read', 'services.read', 'attributes.read']
const ada = ownerKey({ id: 'u-ada', permissions: everything, type: 'INTERNAL' })
const bob = ownerKey({ id: 'u-bob', permissions: ['services.read'], type: 'INTERNAL' })

let db: IdentityDb
beforeEach(() => {
  db = new IdentityDb(freshName('owner'))
})
afterEach(() => db.delete())

const never = new AbortController().signal
const noProgress = () => {}

function deps(server: FakeSyncServer): SyncDeps {
  return {
    fetchBatch: server.fetchBatch,
    readCursor: (collection) => readCursor(db, collection),
    writer: {
      write: async (op) => {
        if (op.kind === 'batch') await writeBatch(db, op.collection, op.nodes, op.cursor)
        else if (op.kind === 'empty') await emptyCollection(db, op.collection)
        else if (op.kind === 'claim') await claimCache(db, op.owner)
      },
      close: () => {},
    },
  }
}

/** A cache Ada has filled: rows and cursors in every identity table. */
async function filledBy(owner: string) {
  expect(await claimCache(db, owner)).toBe('claimed')
  await writeBatch(db, 'sessions', [session(1), session(2)], '2')
  await writeBatch(db, 'users', [user(1)], '3')
  await writeBatch(db, 'services', [service(1)], '4')
}

const counts = async () => ({
  sessions: await db.sessions.count(),
  users: await db.users.count(),
  services: await db.services.count(),
  cursors: (await db.syncState.toArray()).map((row) => row.collection).sort(),
})

describe('the owner of a cache', () => {
  it('is the user, their permissions whatever their order, and their type', () => {
    const of = (id: string, permissions: Permission[], type: UserType = 'INTERNAL') =>
      ownerKey({ id, permissions, type })
    expect(of('u-ada', [...everything].reverse())).toBe(ada)
    expect(of('u-eve', everything)).not.toBe(ada)
    expect(of('u-ada', everything.slice(1))).not.toBe(ada)
    expect(of('u-ada', everything, 'EXTERNAL')).not.toBe(ada)
  })

  // Caches filled for INTERNAL staff before types counted stay theirs; an EXTERNAL user's, filled
  // when the server still sent them INTERNAL accounts, do not.
  it('is, for INTERNAL staff, the key it was before the type counted', () => {
    expect(ada).toBe(JSON.stringify(['u-ada', [...everything].sort()]))
  })

  // The server sends a scoped reader the users of its groups only (docs/access.md).
  it('is also the groups a permission is held over, whatever their order', () => {
    const scoped = (scopes: Record<string, string[]>) =>
      ownerKey({ id: 'u-ada', permissions: everything, type: 'INTERNAL', scopes })
    expect(scoped({})).toBe(ada)
    expect(scoped({ 'users.read': ['g1'] })).not.toBe(ada)
    expect(scoped({ 'users.read': ['g1', 'g2'] })).toBe(scoped({ 'users.read': ['g2', 'g1'] }))
    expect(scoped({ 'users.read': ['g1'] })).not.toBe(scoped({ 'users.read': ['g2'] }))
  })
})

describe('claiming a cache', () => {
  it('keeps every row and cursor for the same user with the same permissions', async () => {
    await filledBy(ada)
    const before = await counts()
    const reordered = ownerKey({
      id: 'u-ada',
      permissions: [...everything].reverse(),
      type: 'INTERNAL',
    })
    expect(await claimCache(db, reordered)).toBe('kept')
    expect(await counts()).toEqual(before)
    expect(await readCursor(db, 'sessions')).toBe('2')
  })

  it('empties every table, cursors included, for another user', async () => {
    await filledBy(ada)
    expect(await claimCache(db, bob)).toBe('claimed')
    expect(await counts()).toEqual({ sessions: 0, users: 0, services: 0, cursors: ['#owner'] })
    expect(await readCursor(db, 'sessions')).toBeNull()
    // Claimed for Bob, the cache stays his on his next start.
    expect(await claimCache(db, bob)).toBe('kept')
  })

  it('empties the cache when the same user’s permissions changed', async () => {
    await filledBy(ada)
    const fewer = ownerKey({ id: 'u-ada', permissions: ['services.read'], type: 'INTERNAL' })
    expect(await claimCache(db, fewer)).toBe('claimed')
    expect(await counts()).toEqual({ sessions: 0, users: 0, services: 0, cursors: ['#owner'] })
  })

  it('empties the cache when the same user’s type changed', async () => {
    await filledBy(ada)
    const external = ownerKey({ id: 'u-ada', permissions: everything, type: 'EXTERNAL' })
    expect(await claimCache(db, external)).toBe('claimed')
    expect(await counts()).toEqual({ sessions: 0, users: 0, services: 0, cursors: ['#owner'] })
  })

  it('empties a cache whose owner was never recorded', async () => {
    await writeBatch(db, 'sessions', [session(1)], '1')
    expect(await claimCache(db, ada)).toBe('claimed')
    expect(await counts()).toEqual({ sessions: 0, users: 0, services: 0, cursors: ['#owner'] })
  })

  it('empties every table of the attribute cache too', async () => {
    const attributes = new AttributesDb(freshName('owner-attributes'))
    await claimCache(attributes, ada)
    await writeBatch(attributes, 'attributeKeys', [attributeKey(1)], '1')
    await writeBatch(attributes, 'attributeKeyAssociations', [association(1, null)], '2')
    expect(await claimCache(attributes, bob)).toBe('claimed')
    expect(await attributes.attributeKeys.count()).toBe(0)
    expect(await attributes.attributeKeyAssociations.count()).toBe(0)
    expect(await readCursor(attributes, 'attributeKeys')).toBeNull()
    await attributes.delete()
  })
})

describe('a second user on the same browser', () => {
  it('sees none of the first user’s rows, and loads their own from scratch', async () => {
    const server = new FakeSyncServer(2)
    server.put('sessions', session(1), session(2), session(3))
    server.put('services', service(1))
    server.put('users', user(1))
    await claimCache(db, ada)
    await syncArea('identity', pullWith(deps(server)), never, noProgress)
    expect(await counts()).toMatchObject({ sessions: 3, users: 1, services: 1 })

    // Bob may read services only: the server refuses him the rest.
    server.forbid('sessions')
    server.forbid('users')
    server.forbid('serviceAssignments')
    server.asked.length = 0
    expect(await claimCache(db, bob)).toBe('claimed')
    await syncArea('identity', pullWith(deps(server)), never, noProgress)
    expect(await counts()).toMatchObject({ sessions: 0, users: 0, services: 1 })
    // Loaded from scratch: each collection was first asked for from the start, not from Ada's cursor.
    const firstAsks = server.asked.filter(
      (ask, n) => server.asked.findIndex((other) => other.collection === ask.collection) === n,
    )
    expect(firstAsks).toEqual([
      { collection: 'services', cursor: null },
      { collection: 'sessions', cursor: null },
      { collection: 'users', cursor: null },
      { collection: 'serviceAssignments', cursor: null },
    ])
  })
})
