import type { Dexie, IndexableType, Table } from 'dexie'
import { MAX_INCLUDE_DEPTH, includeDepthExceeded, relatedTableNotFound } from './errors'
import { sortKeysOf, sortRows } from './order'
import { RELATIONS, type Relation } from './relations'
import type { Include, QueryArgs, Row } from './types'
import { conditionsOf, matcher } from './where'

/** Refuses an include tree deeper than SPEC.md §9 allows before anything is read. */
export function assertIncludeDepth(include: Include | undefined, depth = 1): void {
  if (!include) return
  if (depth > MAX_INCLUDE_DEPTH) throw includeDepthExceeded()
  for (const spec of Object.values(include)) {
    if (typeof spec === 'object') assertIncludeDepth(spec.include, depth + 1)
  }
}

const isKey = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number'

function relationOf(db: Dexie, tableName: string, name: string): Relation {
  const relation = RELATIONS[tableName]?.[name]
  if (!relation || !db.tables.some((table) => table.name === relation.table)) {
    throw relatedTableNotFound(relation?.table ?? name)
  }
  return relation
}

// One read for all parents: an index lookup when the joined field is indexed, a scan otherwise.
async function readRelated(table: Table<Row, IndexableType>, field: string, keys: Set<unknown>) {
  const values = [...keys].filter(isKey)
  if (values.length === 0) return []
  const indexed =
    table.schema.primKey.name === field || table.schema.indexes.some((i) => i.name === field)
  if (indexed) return table.where(field).anyOf(values).toArray()
  return table.filter((row) => keys.has(row[field])).toArray()
}

function pick(rows: Row[], args: QueryArgs): Row[] {
  const kept = sortRows(rows.filter(matcher(conditionsOf(args.where))), sortKeysOf(args.orderBy))
  const skip = args.skip ?? 0
  return kept.slice(skip, args.take === undefined ? undefined : skip + args.take)
}

/**
 * Attaches each included relation to the rows in place: `one` as a row or null, `many` as a list
 * filtered, ordered and paged by the include's own arguments. Nested includes follow.
 */
export async function attachIncludes(
  db: Dexie,
  tableName: string,
  rows: Row[],
  include: Include,
): Promise<void> {
  for (const [name, spec] of Object.entries(include)) {
    if (spec === false) continue
    const relation = relationOf(db, tableName, name)
    const args: QueryArgs = spec === true ? {} : spec
    const parentKeys = new Set(rows.map((row) => row[relation.localKey]))
    const related = await readRelated(db.table(relation.table), relation.foreignKey, parentKeys)
    const groups = new Map<unknown, Row[]>()
    for (const row of related) {
      const key = row[relation.foreignKey]
      const group = groups.get(key)
      if (group) group.push(row)
      else groups.set(key, [row])
    }
    const attached: Row[] = []
    for (const row of rows) {
      const picked = pick(groups.get(row[relation.localKey]) ?? [], args)
      attached.push(...picked)
      row[name] = relation.kind === 'one' ? (picked[0] ?? null) : picked
    }
    if (args.include) await attachIncludes(db, relation.table, [...new Set(attached)], args.include)
  }
}
