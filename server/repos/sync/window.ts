import { and, asc, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/types'
import type { ChangePosition } from '../../domain/sync-cursor'

/**
 * Which changes one sync batch may read: those after `after` in (txid, rev) order, made by
 * transactions below `bound` (the snapshot's xmin, so every one of them has finished), at most
 * `limit` of them. Every query of one batch shares the bound, so the streams merge without gaps.
 */
export interface ChangeWindow {
  bound: string
  after: ChangePosition | null
  limit: number
}

/** A change read from the stream, with the node the console stores. */
export interface Change<Node> extends ChangePosition {
  node: Node
  /**
   * A change the reader may not see (a row of an account hidden from it): it moves the cursor on,
   * so the next batch does not read it again, but its node is not sent.
   */
  hidden?: boolean
}

interface Stamped {
  txid: PgColumn
  rev: PgColumn
}

/**
 * The xmin of a fresh snapshot: every transaction below it has committed or aborted. A transaction
 * still running (or committing later) has a txid at or above it, so it sorts after any cursor
 * handed out now and is read by a later batch.
 */
export const snapshotBound = (db: Db): Promise<string> =>
  snapshotValue(db, sql`pg_snapshot_xmin(pg_current_snapshot())`)

/** The xmax of a fresh snapshot: every transaction that has committed so far is below it. */
export const snapshotHorizon = (db: Db): Promise<string> =>
  snapshotValue(db, sql`pg_snapshot_xmax(pg_current_snapshot())`)

async function snapshotValue(db: Db, expression: SQL): Promise<string> {
  const result = await db.execute<{ value: string }>(sql`select ${expression}::text as value`)
  // Both drivers answer a result with rows; the shared Db type does not say so.
  const [row] = (result as { rows: { value: string }[] }).rows
  if (!row) throw new Error('PostgreSQL answered no snapshot.')
  return row.value
}

function inWindow(table: Stamped, window: ChangeWindow): SQL {
  const finished = sql`${table.txid} < ${window.bound}::xid8`
  if (!window.after) return finished
  const { txid, rev } = window.after
  // A row comparison, so that the (txid, rev) index serves it as one range.
  return sql`${finished} and (${table.txid}, ${table.rev}) > (${txid}::xid8, ${rev}::bigint)`
}

/** A row of a change query: what the collection selected, with the change's position. */
type RowOf<Query extends PgSelect> = Query['_']['result'][number] & ChangePosition

/** How one collection's rows become changes. */
export interface ChangeReading<Query extends PgSelect, Node> {
  /** The table whose txid and rev order the stream. */
  table: Stamped
  /** A condition besides the window (the collection of a tombstone). */
  where?: SQL
  /** The node the console stores; it names its fields, so no other column reaches a cache. */
  node: (row: RowOf<Query>) => Node
  /** A change the reader may not see (Change.hidden). */
  hidden?: (row: RowOf<Query>) => boolean
}

/**
 * The one reader of every collection: `query` (its select, from and joins, made dynamic) limited to
 * the window, in change order, each row as a change with its node.
 */
export async function readChanges<Query extends PgSelect, Node>(
  query: Query,
  window: ChangeWindow,
  reading: ChangeReading<Query, Node>,
): Promise<Change<Node>[]> {
  const { table, where, node, hidden } = reading
  const rows = (await query
    .where(and(where, inWindow(table, window)))
    .orderBy(asc(table.txid), asc(table.rev))
    .limit(window.limit)) as RowOf<Query>[]
  return rows.map((row) => ({
    txid: row.txid,
    rev: row.rev,
    ...(hidden ? { hidden: hidden(row) } : {}),
    node: node(row),
  }))
}

/**
 * The reader of a collection that is one table read whole: every column is selected, and the
 * presenter (`node`) names the fields that are sent.
 */
export function tableReader<Table extends PgTable & Stamped, Node>(
  table: Table,
  node: (row: Table['$inferSelect']) => Node,
) {
  return (db: Db, window: ChangeWindow): Promise<Change<Node>[]> =>
    readChanges(
      db
        .select()
        .from(table as PgTable)
        .$dynamic(),
      window,
      { table, node },
    )
}

/** Dates as the ISO strings of the JSON contract. */
export const iso = (date: Date) => date.toISOString()
