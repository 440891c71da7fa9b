import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'

/** One Drizzle type for both drivers; a transaction is one too, so helpers take either. */
export type Db = PgDatabase<PgQueryResultHKT>

/** An open database: the Drizzle handle, which engine it is, and how to let it go. */
export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** Present for PostgreSQL: migrations need one connection of their own for an advisory lock. */
  pool?: pg.Pool
  /** Present for PGlite: the client itself, for LISTEN (its queries go through `db`). */
  pglite?: PGlite
}
