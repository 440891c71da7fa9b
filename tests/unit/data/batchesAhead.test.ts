import { describe, expect, it } from 'vitest'
import { batchesAhead } from '../../../src/data/sync/batchesAhead'
import type { SyncBatch } from '../../../src/data/sync/nodes'

/** A server whose answers the test releases one by one; it records every cursor asked for. */
function heldServer() {
  const asked: (string | null)[] = []
  const answers: ((batch: SyncBatch | Error) => void)[] = []
  const fetchFrom = (cursor: string | null) =>
    new Promise<SyncBatch>((resolve, reject) => {
      asked.push(cursor)
      answers.push((batch) => (batch instanceof Error ? reject(batch) : resolve(batch)))
    })
  const answer = async (n: number, batch: SyncBatch | Error) => {
    answers[n]!(batch)
    // Lets the fetcher hear the answer and ask for the next.
    await new Promise((r) => setTimeout(r, 0))
  }
  return { asked, fetchFrom, answer }
}

const batch = (cursor: string): SyncBatch => ({ nodes: [{ id: cursor }], cursor })

describe('batches fetched ahead of the writer', () => {
  it('asks for each batch once the one before answered, two at most waiting to be taken', async () => {
    const server = heldServer()
    const batches = batchesAhead(server.fetchFrom, 'c0')
    expect(server.asked).toEqual(['c0'])
    await server.answer(0, batch('c1'))
    expect(server.asked).toEqual(['c0', 'c1'])
    await server.answer(1, batch('c2'))
    // Two answered batches wait: the third is not asked for until one is taken.
    expect(server.asked).toEqual(['c0', 'c1'])
    await expect(batches.take()).resolves.toEqual(batch('c1'))
    expect(server.asked).toEqual(['c0', 'c1', 'c2'])
    // While the writer holds the second, the third and fourth are fetched.
    await expect(batches.take()).resolves.toEqual(batch('c2'))
    await server.answer(2, batch('c3'))
    expect(server.asked).toEqual(['c0', 'c1', 'c2', 'c3'])
    await server.answer(3, { nodes: [], cursor: 'DONE' })
    expect(server.asked).toHaveLength(4)
    await expect(batches.take()).resolves.toEqual(batch('c3'))
    await expect(batches.take()).resolves.toEqual({ nodes: [], cursor: 'DONE' })
    expect(server.asked).toHaveLength(4)
  })

  it('stops at a refusal, and hands a failed fetch to whoever takes it', async () => {
    const refused = heldServer()
    const forbidden = batchesAhead(refused.fetchFrom, null)
    await refused.answer(0, { nodes: [], cursor: 'DONE', forbidden: true })
    await expect(forbidden.take()).resolves.toMatchObject({ forbidden: true })
    expect(refused.asked).toEqual([null])

    const failing = heldServer()
    const batches = batchesAhead(failing.fetchFrom, null)
    await failing.answer(0, batch('c1'))
    await failing.answer(1, new Error('offline'))
    await expect(batches.take()).resolves.toEqual(batch('c1'))
    await expect(batches.take()).rejects.toThrow('offline')
    expect(failing.asked).toEqual([null, 'c1'])
  })

  it('fetches one ahead when told so', async () => {
    const server = heldServer()
    const batches = batchesAhead(server.fetchFrom, null, 1)
    await server.answer(0, batch('c1'))
    expect(server.asked).toEqual([null])
    const first = batches.take()
    expect(server.asked).toEqual([null, 'c1'])
    await expect(first).resolves.toEqual(batch('c1'))
  })
})
