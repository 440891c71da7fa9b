import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Config } from '../config'
import { lockDataDir } from './lock'
import { migrateDatabase } from './migrate'
import { pipelinedPglite } from './pglite-client'
import type { Database } from './types'

/** Wraps an open PGlite (for example an in-memory one in tests); closing it stays the caller's job. */
export function fromPglite(client: PGlite, close: () => Promise<void> = async () => {}): Database {
  // Drizzle's PGlite driver calls only query() and transaction(), which pipelinedPglite answers.
  const queries = pipelinedPglite(client) as unknown as PGlite
  return { db: drizzlePglite({ client: queries }), kind: 'pglite', close, pglite: client }
}

/** Wraps a pg Pool; closing it stays the caller's job unless a close function is given. */
export function fromPool(pool: pg.Pool, close: () => Promise<void> = async () => {}): Database {
  // An idle client that the server drops (restart, failover, proxy timeout) raises 'error' on the
  // pool; unheard, it would end the process. The pool replaces the client on the next query.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL dropped an idle connection: ${error.message}\n`)
  })
  return { db: drizzlePg({ client: pool }), kind: 'postgres', close, pool }
}

/**
 * Opens the configured database and brings its schema up to date: PostgreSQL when DATABASE_URL is
 * set, otherwise PGlite in DATA_DIR/pglite under the DATA_DIR lock.
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 })
    const database = fromPool(pool, () => pool.end())
    await migrateDatabase(database).catch(async (error: unknown) => {
      await pool.end()
      throw error
    })
    return database
  }
  const lock = lockDataDir(config.dataDir)
  try {
    const client = await PGlite.create(path.join(config.dataDir, 'pglite'), {
      // Shared buffers live in the WebAssembly memory and stay resident once touched; beyond them
      // PostgreSQL reads through the kernel's page cache (docs/server-performance.md).
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${config.pgliteSharedBuffersMb}MB`,
      ],
    })
    const database = fromPglite(client, async () => {
      await client.close()
      lock.release()
    })
    await migrateDatabase(database).catch(async (error: unknown) => {
      await database.close()
      throw error
    })
    return database
  } catch (error) {
    lock.release()
    throw error
  }
}
