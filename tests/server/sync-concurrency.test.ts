import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, signIn, useTestApp } from './helper'
import { idsOf, pull, pullUntil } from './sync-helper'

/*
 * Two transactions at once need two connections, which only PostgreSQL has (PGlite is one
 * connection and runs transactions one after another).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

const insertService = (key: string) =>
  `insert into services (id, created_at, updated_at, key, name)
   values (gen_random_uuid(), now(), now(), '${key}', '${key}') returning id, rev`

describe.skipIf(!onPostgres)('sync under concurrent transactions (PostgreSQL)', () => {
  const t = useTestApp()
  let admin: string

  beforeAll(async () => {
    admin = await signIn(t, ADMIN.email, ADMIN.password)
  })

  it('delivers a change that took an earlier rev but committed after a later one', async () => {
    const from = (await pull(t, admin, 'services', null)).position
    const pool = t.app.database.pool!
    const slow = await pool.connect()
    try {
      await slow.query('begin')
      const early = await slow.query<{ id: string; rev: string }>(insertService('slow'))
      const late = await pool.query<{ id: string; rev: string }>(insertService('fast'))
      const [slowRow, fastRow] = [early.rows[0]!, late.rows[0]!]
      expect(Number(fastRow.rev)).toBeGreaterThan(Number(slowRow.rev))

      // The fast one has committed, but a cursor past it would skip the slow one: it waits.
      const meanwhile = await pull(t, admin, 'services', from)
      expect(idsOf(meanwhile.nodes)).not.toContain(fastRow.id)

      await slow.query('commit')
      const after = await pullUntil(t, admin, 'services', meanwhile.position, (nodes) =>
        [slowRow.id, fastRow.id].every((id) => idsOf(nodes).includes(id)),
      )
      expect(idsOf(after.nodes)).toEqual([slowRow.id, fastRow.id])
    } finally {
      await slow.query('rollback').catch(() => {})
      slow.release()
    }
  })

  it('orders by transaction, so a later rev in an earlier transaction is not skipped', async () => {
    const from = (await pull(t, admin, 'services', null)).position
    const pool = t.app.database.pool!
    const first = await pool.connect()
    try {
      await first.query('begin')
      // Takes this transaction's id before the other one starts writing.
      await first.query('select pg_current_xact_id()')
      const other = await pool.query<{ id: string; rev: string }>(insertService('other'))
      const mine = await first.query<{ id: string; rev: string }>(insertService('mine'))
      expect(Number(mine.rows[0]!.rev)).toBeGreaterThan(Number(other.rows[0]!.rev))
      await first.query('commit')
      const ids = [mine.rows[0]!.id, other.rows[0]!.id]
      const pulled = await pullUntil(t, admin, 'services', from, (nodes) =>
        ids.every((id) => idsOf(nodes).includes(id)),
      )
      // The earlier transaction comes first although its rev is higher, each exactly once.
      expect(idsOf(pulled.nodes)).toEqual(ids)
    } finally {
      await first.query('rollback').catch(() => {})
      first.release()
    }
  })
})
