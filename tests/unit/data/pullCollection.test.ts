import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IdentityDb } from '../../../src/data/db/identity'
import { pullCollection, type SyncDeps } from '../../../src/data/sync/pullCollection'
import { syncArea, type SyncProgress } from '../../../src/data/sync/syncArea'
import {
  emptyCollection,
  isCaughtUp,
  markCaughtUp,
  readCursor,
  writeBatch,
} from '../../../src/data/sync/writeBatch'
import type { WriteOp } from '../../../src/data/sync/writerProtocol'
import type { PullCollection } from '../../../src/data/sync/writer'
import { FakeSyncServer } from './fakeSyncServer'
import { freshName, service, session, user } from './fixtures'

let db: IdentityDb
let server: FakeSyncServer
/** Every node committed, as `id@cursor`, to prove nothing is written twice or skipped. */
let written: string[]

beforeEach(() => {
  db = new IdentityDb(freshName('pull'))
  server = new FakeSyncServer(3)
  written = []
})
afterEach(() => db.delete())

function deps(failOnWrite?: number): SyncDeps {
  let writes = 0
  return {
    fetchBatch: server.fetchBatch,
    readCursor: (collection) => readCursor(db, collection),
    isCaughtUp: (collection) => isCaughtUp(db, collection),
    writer: {
      write: async (op: WriteOp) => {
        if (++writes === failOnWrite) throw new Error('the tab was closed')
        if (op.kind === 'claim') throw new Error('a pull never claims a cache')
        if (op.kind === 'empty') return emptyCollection(db, op.collection)
        if (op.kind === 'caughtUp') return markCaughtUp(db, op.collection, op.cursor)
        await writeBatch(db, op.collection, op.nodes, op.cursor)
        written.push(...op.nodes.map((node) => `${node.id}@${op.cursor}`))
      },
      close: () => {},
    },
  }
}

const never = new AbortController().signal
const cached = async () => (await db.sessions.toArray()).sort((a, b) => a.id.localeCompare(b.id))

describe('pulling a collection', () => {
  it('loads batch after batch until DONE and keeps the last position', async () => {
    server.put('sessions', ...Array.from({ length: 10 }, (_, n) => session(n)))
    const loaded: number[] = []
    expect(await pullCollection('sessions', deps(), never, (n) => loaded.push(n))).toBe(10)
    expect(loaded).toEqual([3, 6, 9, 10])
    expect(await cached()).toEqual(server.live('sessions'))
    expect(await readCursor(db, 'sessions')).toBe('10')
  })

  it('resumes after an interrupted load, missing and repeating nothing', async () => {
    server.put('sessions', ...Array.from({ length: 10 }, (_, n) => session(n)))
    await expect(pullCollection('sessions', deps(3), never)).rejects.toThrow('the tab was closed')
    expect(await readCursor(db, 'sessions')).toBe('6')
    expect(written).toHaveLength(6)
    // While the console was away: a row already loaded changes, one is deleted, one is added.
    server.put('sessions', session(1, { ip: '192.168.0.1' }), session(10))
    server.remove('sessions', 's-000002')
    server.asked.length = 0
    await pullCollection('sessions', deps(), never)
    expect(server.asked[0]).toEqual({ collection: 'sessions', cursor: '6' })
    expect(await cached()).toEqual(server.live('sessions'))
    // Each change was written once: ten rows, then the three later changes.
    expect(written).toHaveLength(13)
    expect(new Set(written).size).toBe(13)
  })

  it('fetches only what changed on the next start', async () => {
    server.put('sessions', ...Array.from({ length: 7 }, (_, n) => session(n)))
    await pullCollection('sessions', deps(), never)
    written = []
    server.put('sessions', session(3, { ip: 'changed' }))
    server.remove('sessions', 's-000005')
    expect(await pullCollection('sessions', deps(), never)).toBe(2)
    expect(written).toEqual(['s-000003@9', 's-000005@9'])
    expect(await cached()).toEqual(server.live('sessions'))
  })

  it('marks a collection caught up at DONE; a batch clears the mark; an up-to-date check writes nothing', async () => {
    server.put('sessions', ...Array.from({ length: 5 }, (_, n) => session(n)))
    await expect(pullCollection('sessions', deps(2), never)).rejects.toThrow('the tab was closed')
    // An interrupted load is not caught up.
    expect(await isCaughtUp(db, 'sessions')).toBe(false)
    await pullCollection('sessions', deps(), never)
    expect(await isCaughtUp(db, 'sessions')).toBe(true)
    expect(await readCursor(db, 'sessions')).toBe('5')
    let writes = 0
    const counting = deps()
    const writer = counting.writer
    counting.writer = { ...writer, write: (op) => (writes++, writer.write(op)) }
    expect(await pullCollection('sessions', counting, never)).toBe(0)
    expect(writes).toBe(0)
    // An empty collection read to its end is caught up too, at no position.
    expect(await pullCollection('users', deps(), never)).toBe(0)
    expect(await isCaughtUp(db, 'users')).toBe(true)
    expect(await readCursor(db, 'users')).toBeNull()
    await writeBatch(db, 'sessions', [session(9)], '6')
    expect(await isCaughtUp(db, 'sessions')).toBe(false)
  })

  it('does not miss rows written on the server while the load runs', async () => {
    server.put('sessions', ...Array.from({ length: 6 }, (_, n) => session(n)))
    const racing = deps()
    const fetchBatch = racing.fetchBatch
    let calls = 0
    racing.fetchBatch = (collection, cursor, signal) => {
      if (++calls === 2) server.put('sessions', session(0, { ip: 'moved' }), session(50))
      return fetchBatch(collection, cursor, signal)
    }
    await pullCollection('sessions', racing, never)
    expect(await cached()).toEqual(server.live('sessions'))
  })

  it('stops when aborted, keeping what was committed', async () => {
    server.put('sessions', ...Array.from({ length: 9 }, (_, n) => session(n)))
    const controller = new AbortController()
    const pull = pullCollection('sessions', deps(), controller.signal, (loaded) => {
      if (loaded === 3) controller.abort(new Error('left the page'))
    })
    await expect(pull).rejects.toThrow('left the page')
    expect(await readCursor(db, 'sessions')).toBe('3')
  })

  it('empties a collection the user may no longer read (403), rows and position', async () => {
    server.put('sessions', ...Array.from({ length: 5 }, (_, n) => session(n)))
    server.put('users', user(1))
    await pullCollection('sessions', deps(), never)
    await pullCollection('users', deps(), never)
    server.forbid('sessions')
    expect(await pullCollection('sessions', deps(), never)).toBe(0)
    expect(await db.sessions.count()).toBe(0)
    expect(await readCursor(db, 'sessions')).toBeNull()
    // Only the refused collection is emptied.
    expect(await db.users.count()).toBe(1)
    expect(await readCursor(db, 'users')).toBe('6')
  })

  it('empties a collection refused in the middle of a load', async () => {
    server.put('sessions', ...Array.from({ length: 9 }, (_, n) => session(n)))
    const refusing = deps()
    let calls = 0
    refusing.fetchBatch = (collection, cursor) => {
      if (++calls === 2) server.forbid('sessions')
      return server.fetchBatch(collection, cursor)
    }
    expect(await pullCollection('sessions', refusing, never)).toBe(0)
    expect(await db.sessions.count()).toBe(0)
    expect(await readCursor(db, 'sessions')).toBeNull()
  })
})

describe('loading an area', () => {
  it('loads the collections side by side, naming the one with the most rows so far', async () => {
    server.put('services', service(1), service(2))
    server.put('users', ...Array.from({ length: 4 }, (_, n) => user(n)))
    const progress: SyncProgress[] = []
    const pull: PullCollection = (collection, signal, onBatch) =>
      pullCollection(collection, deps(), signal, onBatch)
    await syncArea('identity', pull, never, (report) => progress.push(report))
    const seen = progress.map((p) => `${p.table}:${p.loaded}`)
    expect(seen.slice(0, 4)).toEqual(['services:0', 'services:0', 'services:0', 'services:0'])
    expect(seen).toContain('services:2')
    expect(seen.at(-1)).toBe('users:4')
    expect(await db.users.count()).toBe(4)
    expect(await db.services.count()).toBe(2)
    expect(await isCaughtUp(db, 'users')).toBe(true)
  })

  it('shows an area caught up at its last pull as it is, its collections left for the background', async () => {
    const progress: SyncProgress[] = []
    const pull: PullCollection = () => Promise.reject(new Error('nothing may be pulled'))
    await syncArea('identity', pull, never, (report) => progress.push(report), () =>
      Promise.resolve(true),
    )
    expect(progress).toEqual([
      {
        area: 'identity',
        table: 'services',
        loaded: 0,
        background: ['services', 'sessions', 'users', 'serviceAssignments'],
      },
    ])
  })
})
