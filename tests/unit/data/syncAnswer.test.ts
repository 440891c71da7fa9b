import Type from 'typebox'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { Success } from '../../../schema/envelope'
import { isSyncAnswer } from '../../../src/data/api/syncAnswer'

// The schema the sync answers were checked against with TypeBox's Value.Check before the hand check.
const SyncAnswer = Success(
  Type.Object({
    nodes: Type.Array(Type.Object({ id: Type.String() })),
    batchInfo: Type.Object({ cursor: Type.String() }),
  }),
)

const id = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60'
const answer = (results: unknown) => ({ success: true, results })
const good = (nodes: unknown[], cursor: unknown = 'c-1') => answer({ nodes, batchInfo: { cursor } })

const samples: [string, unknown][] = [
  ['rows and a cursor', good([{ id, ip: '192.0.2.7' }, { id: 'x' }])],
  ['no rows, DONE', good([], 'DONE')],
  ['a tombstone', good([{ id, tombstone: true }])],
  ['extra properties everywhere', { ...good([{ id, more: 1 }]), extra: 1 }],
  ['extra in results and batchInfo', answer({ nodes: [], batchInfo: { cursor: 'c', n: 1 }, x: 2 })],
  ['null', null],
  ['an array', [good([])]],
  ['a string', 'ok'],
  ['success false', { ...good([]), success: false }],
  ['success "true"', { ...good([]), success: 'true' }],
  ['no success', { results: { nodes: [], batchInfo: { cursor: 'c' } } }],
  ['no results', { success: true }],
  ['results null', answer(null)],
  ['results an array', answer([])],
  ['nodes missing', answer({ batchInfo: { cursor: 'c' } })],
  ['nodes a string', answer({ nodes: 'none', batchInfo: { cursor: 'c' } })],
  ['nodes an object', answer({ nodes: { 0: { id } }, batchInfo: { cursor: 'c' } })],
  ['batchInfo missing', answer({ nodes: [] })],
  ['batchInfo an array', answer({ nodes: [], batchInfo: ['c'] })],
  ['cursor null', good([], null)],
  ['cursor a number', good([], 7)],
  ['a node null', good([{ id }, null])],
  ['a node an array', good([[id]])],
  ['a node a string', good([id])],
  ['a node without id', good([{ id }, { ip: '192.0.2.7' }])],
  ['an id a number', good([{ id: 7 }])],
  ['an id null', good([{ id: null }])],
  ['the last of many nodes bad', good([...Array.from({ length: 4999 }, () => ({ id })), { id: 1 }])],
]

describe('isSyncAnswer', () => {
  it.each(samples)('judges %s as TypeBox does', (_, body) => {
    expect(isSyncAnswer(body)).toBe(Value.Check(SyncAnswer, body))
  })

  it('accepts a good answer and refuses a bad one (the table is not all one way)', () => {
    expect(isSyncAnswer(good([{ id }]))).toBe(true)
    expect(isSyncAnswer(good([{ id: 1 }]))).toBe(false)
  })
})
