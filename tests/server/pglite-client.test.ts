import { PGlite, types } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREPARED_STATEMENTS, pipelinedPglite, toText } from '../../server/db/pglite-client'

let pg: PGlite
let client: ReturnType<typeof pipelinedPglite>
const prepared = async () =>
  (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]
    ?.n ?? 0

beforeAll(async () => {
  pg = await PGlite.create()
  client = pipelinedPglite(pg)
  await pg.exec(`
    create table t (
      id int primary key, name text, at timestamptz, doc jsonb, data bytea, tags text[],
      price numeric, ok boolean
    )`)
})
afterAll(() => pg.close())

describe('the pipelined PGlite client', () => {
  it('answers as PGlite does, in both row modes and with caller parsers', async () => {
    const row = [
      1,
      'Ada "A" \\ L',
      new Date('2026-01-02T03:04:05.678Z'),
      { a: [1, 'x'] },
      Buffer.from([0, 255, 7]),
      ['a', 'b"c', 'd\\e', null],
      '12.50',
      true,
    ]
    const insert = 'insert into t values ($1, $2, $3, $4, $5, $6, $7, $8)'
    const inserted = await client.query(insert, row)
    expect(inserted).toMatchObject({ affectedRows: 1, command: 'INSERT', rowCount: 1 })
    const select = 'select * from t where id = $1'
    expect((await client.query(select, [1])).rows).toEqual((await pg.query(select, [1])).rows)
    const asArray = await client.query(select, [1], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    })
    const own = await pg.query(select, [1], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    })
    expect(asArray.rows).toEqual(own.rows)
    expect(asArray.fields).toEqual(own.fields)
    expect((asArray.rows[0] as unknown[])[2]).toBeTypeOf('string')
    expect(
      (await client.query('update t set ok = $1 where id > $2', [false, 0])).affectedRows,
    ).toBe(1)
    expect((await client.query(select, [999])).rows).toEqual([])
  })

  it('waits for a PGlite that is still starting', async () => {
    const starting = new PGlite()
    try {
      expect(starting.ready).toBe(false)
      const answer = await pipelinedPglite(starting).query<{ n: number }>('select 1 as n', [])
      expect(answer.rows).toEqual([{ n: 1 }])
    } finally {
      await starting.close()
    }
  })

  it('prepares a statement once and reuses it', async () => {
    const before = await prepared()
    for (let i = 0; i < 5; i++) await client.query('select $1::int + 1 as n', [i])
    expect(await prepared()).toBe(before + 1)
  })

  it('recovers from errors: a failed first run leaves no statement behind, a later one keeps it', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)'
    await client.query(insert, [10, 'first'])
    // The statement exists; its failing run keeps it.
    await expect(client.query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505' })
    await client.query(insert, [11, 'second'])
    // A new statement whose first run fails is closed, so the next run prepares it again.
    const fresh = 'insert into t (id, name) values ($1, $2) returning name'
    await expect(client.query(fresh, [10, 'x'])).rejects.toMatchObject({ code: '23505' })
    expect((await client.query(fresh, [12, 'third'])).rows).toEqual([{ name: 'third' }])
    await expect(client.query('select from nowhere where x = $1', [1])).rejects.toMatchObject({
      code: '42P01',
    })
    expect((await client.query('select $1::text as ok', ['yes'])).rows).toEqual([{ ok: 'yes' }])
  })

  it('shares the PGlite with another client without name clashes', async () => {
    const other = pipelinedPglite(pg)
    const text = 'select $1::int * 2 as n'
    expect((await client.query(text, [2])).rows).toEqual([{ n: 4 }])
    expect((await other.query(text, [3])).rows).toEqual([{ n: 6 }])
  })

  it('keeps at most PREPARED_STATEMENTS statements', async () => {
    for (let i = 0; i < PREPARED_STATEMENTS + 20; i++)
      await client.query(`select $1::int as n${i}`, [i])
    expect(await prepared()).toBeLessThanOrEqual(PREPARED_STATEMENTS + 2)
  })

  it('runs transactions: committed, rolled back on an error, and notifications heard', async () => {
    const heard: string[] = []
    await pg.listen('changes', (payload) => heard.push(payload))
    await client.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [20, 'kept'])
      await tx.query("select pg_notify('changes', $1)", ['t:20'])
    })
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [21, 'dropped'])
        await tx.query('insert into t (id, name) values ($1, $2)', [20, 'duplicate'])
      }),
    ).rejects.toMatchObject({ code: '23505' })
    const ids = (
      await client.query<{ id: number }>('select id from t where id >= $1 order by id', [20])
    ).rows
    expect(ids).toEqual([{ id: 20 }])
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(heard).toEqual(['t:20'])
  })
})

describe('toText', () => {
  it('writes parameters as node-postgres does', () => {
    expect(toText(null)).toBeNull()
    expect(toText(undefined)).toBeNull()
    expect(toText(12n)).toBe('12')
    expect(toText(false)).toBe('false')
    expect(toText(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z')
    expect(toText(Buffer.from('hi'))).toBe('\\x6869')
    expect(toText({ a: 1 })).toBe('{"a":1}')
    expect(toText(['a"b', 'c\\d', null, [1, 2]])).toBe('{"a\\"b","c\\\\d",NULL,{"1","2"}}')
  })
})
