import type { Db } from '../db/types'

/**
 * A query built once per database handle and then only executed with its placeholders filled:
 * Drizzle's `.prepare()`. For the queries every request runs (the guard's), where building the
 * SQL and its column list again each time cost more than PostgreSQL's answer
 * (docs/server-performance.md). Kept per handle, as a transaction is a handle of its own.
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
