import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './types'

// From the project root, two folders up, so that the bundle in dist/server finds them too.
export const MIGRATIONS_FOLDER = fileURLToPath(
  new URL('../../server/db/migrations', import.meta.url),
)

// Any constant will do; it only has to be the same in every Gatehouse process.
const MIGRATION_LOCK_KEY = 7_270_001

/**
 * Applies server/db/migrations. On PostgreSQL several processes may start at once, so the migration
 * runs on one connection under an advisory lock and the others wait, then find nothing to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase, {
      migrationsFolder: MIGRATIONS_FOLDER,
    })
    return
  }
  const client = await database.pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    client.release()
  }
}

/** The journal's migrations, as drizzle-kit wrote them (meta/_journal.json). */
function journalTimes(): number[] {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] }
  return journal.entries.map((entry) => entry.when)
}

/**
 * How many of the shipped migrations the database has not applied yet (0: up to date), the way
 * Drizzle's migrator decides: by the time of the last one it recorded.
 */
export async function pendingMigrations(database: Database): Promise<number> {
  // Both drivers answer { rows }; the Drizzle type of the answer is the driver's.
  const result: unknown = await database.db.execute(
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  )
  const rows = (result as { rows?: { last: string | number | null }[] }).rows ?? []
  const last = Number(rows[0]?.last ?? 0)
  return journalTimes().filter((when) => when > last).length
}
