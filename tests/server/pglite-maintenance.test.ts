import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ADMIN, call, useTestApp } from './helper'

interface TableStats {
  relname: string
  n_dead_tup: number
  last_vacuum: string | null
  last_analyze: string | null
}

// PostgreSQL runs its own autovacuum; the embedded database has no background workers.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database is vacuumed', () => {
  const t = useTestApp()
  const stats = async () => {
    // Statistics reach the shared counters at the next flush; this makes it the end of this statement.
    await t.db.execute(sql`select pg_stat_force_next_flush()`)
    const result: unknown = await t.db.execute(
      sql`select relname, n_dead_tup::int, last_vacuum, last_analyze from pg_stat_user_tables
          where relname in ('sessions', 'users', 'audit_hourly') order by relname`,
    )
    return (result as { rows: TableStats[] }).rows
  }

  it('leaves no dead row versions behind and refreshes the statistics', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await call(t, 'POST', '/v1/login', {
        username: ADMIN.email,
        password: ADMIN.password,
      })
      expect(answer.statusCode).toBe(200)
    }
    // Each sign-in updated the user and the audit rollup: old row versions wait for a vacuum.
    const before = await stats()
    expect(before.find((row) => row.relname === 'users')?.n_dead_tup).toBeGreaterThan(0)
    expect(before.find((row) => row.relname === 'audit_hourly')?.n_dead_tup).toBeGreaterThan(0)

    await t.app.maintenance.run()

    const after = await stats()
    expect(after.map((row) => row.relname)).toEqual(['audit_hourly', 'sessions', 'users'])
    for (const row of after) {
      expect(row.n_dead_tup).toBe(0)
      expect(row.last_vacuum).not.toBeNull()
      expect(row.last_analyze).not.toBeNull()
    }
    // The app goes on as before.
    const again = await call(t, 'POST', '/v1/login', {
      username: ADMIN.email,
      password: ADMIN.password,
    })
    expect(again.statusCode).toBe(200)
  })
})
