import { describe, expect, it, vi } from 'vitest'

// The page's engine and the cache check, replaced: what is under test is when the first batches
// are asked for.
const asked: string[] = []
let missing = true
vi.mock('../../../src/data/sync/workerWriter', () => ({
  createBatchWriter: () => ({
    write: () => Promise.resolve(),
    pull: () => Promise.resolve(0),
    firstBatches: (action: string) => void asked.push(action),
    close: () => {},
  }),
}))
vi.mock(import('../../../src/data/sync/firstBatches'), async (importOriginal) => ({
  ...(await importOriginal()),
  noCacheYet: () => Promise.resolve(missing),
}))

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('first batches on the page', () => {
  it('are asked for once per page, when no cache existed as the sync started, and dropped on request', async () => {
    const { dropFirstBatches, startFirstBatches } = await import('../../../src/data/sync/syncDeps')
    dropFirstBatches()
    expect(asked).toEqual([])
    startFirstBatches()
    // The check was made when the engine started; the caches are created after it.
    missing = false
    await settle()
    expect(asked).toEqual(['start'])
    dropFirstBatches()
    // A later sign-in on the same page finds the caches there: nothing is fetched early.
    missing = true
    startFirstBatches()
    await settle()
    expect(asked).toEqual(['start', 'clear'])
  })
})
