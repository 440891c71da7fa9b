import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../server/db/types'

/** Rows per INSERT: each column travels as one array parameter, so this bounds memory, not parameters. */
const CHUNK = 5000

/** A PostgreSQL array literal of text values: `{"a","b"}`. */
const arrayLiteral = (values: readonly unknown[]) =>
  `{${values.map((v) => `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`

function parameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return arrayLiteral(value)
  return value ?? null
}

/**
 * Inserts rows as `INSERT ... SELECT * FROM unnest($1::type[], ...)`: one parameter per column
 * instead of one per value, which halves the time of a 100,000-row seed on PGlite compared with a
 * VALUES list. Column names and types come from the Drizzle table; a key missing from a row is null.
 * Array columns (text[]) travel as array literals and are cast back, since unnest would flatten them.
 */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<number> {
  const columns = getTableColumns(table)
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns)
  const specs = keys.map((key, i) => {
    const type = columns[key]!.getSQLType()
    const array = type.endsWith('[]')
    return { key, name: columns[key]!.name, type, array, alias: sql.identifier(`c${i}`) }
  })
  const names = sql.join(
    specs.map((spec) => sql.identifier(spec.name)),
    sql`, `,
  )
  const selected = sql.join(
    specs.map((spec) => (spec.array ? sql`${spec.alias}::${sql.raw(spec.type)}` : spec.alias)),
    sql`, `,
  )
  const aliases = sql.join(
    specs.map((spec) => spec.alias),
    sql`, `,
  )
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK) as Record<string, unknown>[]
    const arrays: SQL[] = specs.map((spec) => {
      const values = chunk.map((row) => parameter(row[spec.key]))
      return sql`${sql.param(values)}::${sql.raw(spec.array ? 'text' : spec.type)}[]`
    })
    await db.execute(
      sql`insert into ${sql.identifier(getTableName(table))} (${names})
        select ${selected} from unnest(${sql.join(arrays, sql`, `)}) as rows(${aliases})`,
    )
  }
  return rows.length
}
