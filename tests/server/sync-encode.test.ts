import { describe, expect, it } from 'vitest'
import { encodeSyncAnswer } from '../../server/routes/sync/encode'

const answer = (nodes: object[], cursor: string) =>
  ({ success: true, results: { nodes, batchInfo: { cursor } } }) as const

describe('encodeSyncAnswer', () => {
  it('is the JSON of the answer, in UTF-8', () => {
    const value = answer([{ id: 'a', name: 'Zoë' }], 'c1')
    expect(encodeSyncAnswer(value).toString('utf8')).toBe(JSON.stringify(value))
  })

  it('encodes a shared batch once, and again for another cursor or other nodes', () => {
    const nodes = [{ id: 'a' }]
    const first = encodeSyncAnswer(answer(nodes, 'c1'))
    expect(encodeSyncAnswer(answer(nodes, 'c1'))).toBe(first)
    const moved = encodeSyncAnswer(answer(nodes, 'c2'))
    expect(moved).not.toBe(first)
    expect(JSON.parse(moved.toString('utf8'))).toEqual(answer(nodes, 'c2'))
    const other = encodeSyncAnswer(answer([{ id: 'a' }], 'c2'))
    expect(other).not.toBe(moved)
    expect(other.equals(moved)).toBe(true)
  })
})
