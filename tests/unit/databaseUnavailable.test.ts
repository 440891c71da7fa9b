import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../../server/db/unavailable'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['administrator shutdown (57P01)', withCode('57P01', 'terminating connection')],
    ['cannot connect now (57P03)', withCode('57P03', 'the database system is starting up')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection exception (08006)', withCode('08006')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a client after its connection failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'an error wrapping one (as Drizzle does)',
      new Error('Failed query', { cause: withCode('ECONNREFUSED') }),
    ],
    [
      'an AggregateError of refused addresses',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
    ],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key')],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('boom')],
    ['an error wrapping a query defect', new Error('Failed query', { cause: withCode('22P02') })],
    ['something that is not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it('stops on a cycle of causes', () => {
    const a = new Error('a')
    const b = new Error('b', { cause: a })
    Object.assign(a, { cause: b })
    expect(isDatabaseUnavailable(a)).toBe(false)
  })
})
