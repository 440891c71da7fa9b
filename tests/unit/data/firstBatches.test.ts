import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import { Collections, type Collection } from '../../../schema/sync'
import { firstBatches, noCacheYet, withFirstBatches } from '../../../src/data/sync/firstBatches'
import type { SyncBatch } from '../../../src/data/sync/nodes'
import type { FetchBatch } from '../../../src/data/sync/pullCollection'

/** A server that answers at once and records each fetch and whether it was aborted. */
function recordingServer() {
  const asked: { collection: Collection; cursor: string | null; signal: AbortSignal }[] = []
  const fetchBatch: FetchBatch = (collection, cursor, signal) => {
    asked.push({ collection, cursor, signal })
    return Promise.resolve<SyncBatch>({ nodes: [{ id: `${collection}-1` }], cursor: 'c1' })
  }
  return { asked, fetchBatch }
}

const never = new AbortController().signal

describe('first batches fetched while the caches open', () => {
  it('asks for every collection from no cursor, and gives each out once', async () => {
    const server = recordingServer()
    const first = firstBatches(server.fetchBatch)
    first.start()
    expect(server.asked.map((a) => [a.collection, a.cursor])).toEqual(
      Collections.map((c) => [c, null]),
    )
    const fetch = withFirstBatches(server.fetchBatch, first)
    await expect(fetch('sessions', null, never)).resolves.toEqual({
      nodes: [{ id: 'sessions-1' }],
      cursor: 'c1',
    })
    expect(server.asked).toHaveLength(Collections.length)
    // Given out once: a later pull from no cursor, and every pull from a cursor, fetch anew.
    await fetch('sessions', null, never)
    await fetch('users', 'c7', never)
    expect(server.asked.slice(Collections.length).map((a) => [a.collection, a.cursor])).toEqual([
      ['sessions', null],
      ['users', 'c7'],
    ])
  })

  it('drops and aborts what was not taken when cleared', () => {
    const server = recordingServer()
    const first = firstBatches(server.fetchBatch)
    first.start()
    expect(first.take('sessions')).toBeDefined()
    first.clear()
    expect(server.asked).toHaveLength(Collections.length)
    expect(server.asked.every((a) => a.signal.aborted)).toBe(true)
    expect(first.take('users')).toBeUndefined()
  })

  it('knows a browser without caches from one with either database', async () => {
    expect(await noCacheYet(indexedDB)).toBe(true)
    const db = new Dexie('attributes')
    db.version(1).stores({ syncState: 'collection' })
    await db.open()
    expect(await noCacheYet(indexedDB)).toBe(false)
    await db.delete()
    // A browser that cannot list its databases is taken to have them: nothing is fetched early.
    expect(await noCacheYet({} as IDBFactory)).toBe(false)
  })
})
