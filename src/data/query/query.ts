import type { Dexie, IndexableType, Table } from 'dexie'
import { tableNotFound } from './errors'
import { assertIncludeDepth, attachIncludes } from './include'
import { sortKeysOf, sortRows } from './order'
import { planRead } from './plan'
import type { QueryArgs, Row } from './types'
import { conditionsOf, matcher } from './where'

function tableOf(db: Dexie, name: string): Table<Row, IndexableType> {
  if (!db.tables.some((table) => table.name === name)) throw tableNotFound(name)
  return db.table(name)
}

/**
 * Reads rows of one cached table the way the console's screens ask for them (SPEC.md §5 'Local
 * query helper rules'): `where` with equals, gt, gte, lt, lte, in, notIn and contains (a
 * case-insensitive substring), `orderBy` on one or more fields, `skip`, `take`, and `include` of
 * related rows up to 4 deep. An index does the narrowing or the ordering when one fits; the rest
 * is done on the rows read. Errors carry the messages of SPEC.md §8.
 */
export async function query<T extends Row = Row>(
  db: Dexie,
  tableName: string,
  args: QueryArgs = {},
): Promise<T[]> {
  assertIncludeDepth(args.include)
  const conditions = conditionsOf(args.where)
  const table = tableOf(db, tableName)
  const keys = sortKeysOf(args.orderBy)
  const plan = planRead(table, conditions, keys)
  const rest = conditions.filter((condition) => condition !== plan.answered)
  const filtered = rest.length ? plan.collection.filter(matcher(rest)) : plan.collection
  const skip = args.skip ?? 0
  let rows: Row[]
  if (plan.ordered) {
    const skipped = skip > 0 ? filtered.offset(skip) : filtered
    rows = await (args.take === undefined ? skipped : skipped.limit(args.take)).toArray()
  } else {
    const sorted = sortRows(await filtered.toArray(), keys)
    rows = sorted.slice(skip, args.take === undefined ? undefined : skip + args.take)
  }
  if (args.include) await attachIncludes(db, tableName, rows, args.include)
  return rows as T[]
}
