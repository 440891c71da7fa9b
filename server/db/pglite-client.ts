import {
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  protocol,
  types,
} from '@electric-sql/pglite'

const { serialize } = protocol

/** The backend messages an extended-protocol query answers with, as far as results need them. */
interface BackendMessage {
  name: string
}
interface RowDescription extends BackendMessage {
  fields: { name: string; dataTypeID: number }[]
}
interface DataRow extends BackendMessage {
  fields: (string | null)[]
}
interface CommandComplete extends BackendMessage {
  text: string
}

/** How many named statements one PGlite keeps prepared; the least recently used is closed. */
export const PREPARED_STATEMENTS = 256

let clients = 0

/** The part of a PGlite client Drizzle's PGlite driver calls. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>
}

/**
 * Drizzle's queries on PGlite, each sent as one protocol message (Parse once per statement text,
 * then Bind, Describe, Execute and Sync) instead of PGlite's own `query`, which makes six calls
 * into PostgreSQL and parses and plans every statement afresh (docs/server-performance.md). The
 * locking, the transactions, notifications and result parsing stay PGlite's.
 *
 * Parameters are sent as text with no declared type, as node-postgres sends them, so PostgreSQL
 * infers their types from the statement the same way on both drivers.
 */
export function pipelinedPglite(pg: PGlite): PgliteQueries {
  // Statement names live in PostgreSQL's session, which every client of this PGlite shares.
  const prefix = `g${clients++}_`
  const prepared = new Map<string, string>()
  const closing: string[] = []
  let nextName = 0

  async function run<T>(
    sql: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return pg._runExclusiveQuery(async () => {
      let name = prepared.get(sql)
      const fresh = name === undefined
      const parts: Uint8Array[] = []
      for (const old of closing.splice(0)) parts.push(serialize.close({ type: 'S', name: old }))
      if (name === undefined) {
        name = `${prefix}${nextName++}`
        parts.push(serialize.parse({ text: sql, name }))
      } else {
        // Most recently used last, so the first key is the one to close.
        prepared.delete(sql)
      }
      parts.push(
        serialize.bind({ statement: name, values: params.map(toText) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      )
      let messages: readonly BackendMessage[]
      try {
        messages = await pg.execProtocolStream(concat(parts), {
          syncToFs: !inTransaction,
        })
      } catch (error) {
        // A statement this message prepared may or may not exist now; one that PostgreSQL no
        // longer accepts (its result type changed) is dropped. Closing a missing name is no error.
        if (fresh || (error as { code?: string }).code === '0A000') {
          await pg.execProtocolStream(
            concat([serialize.close({ type: 'S', name }), serialize.sync()]),
            {
              syncToFs: false,
              throwOnError: false,
            },
          )
        } else {
          prepared.set(sql, name)
        }
        throw Object.assign(error as Error, { query: sql })
      }
      prepared.set(sql, name)
      if (prepared.size > PREPARED_STATEMENTS) {
        const [oldestSql, oldestName] = prepared.entries().next().value as [string, string]
        prepared.delete(oldestSql)
        closing.push(oldestName)
      }
      return resultOf<T>(messages, pg.parsers, options)
    })
  }

  return {
    query: async (sql, params = [], options) => {
      // As PGlite's own query does: a database still starting is waited for, before taking the
      // lock its start needs too.
      if (!pg.ready) await pg.waitReady
      return pg._runExclusiveTransaction(() => run(sql, params, options, false))
    },
    transaction: (callback) =>
      pg.transaction((tx: Transaction) =>
        callback({
          query: async (sql, params = [], options) => {
            if (tx.closed) throw new Error('Transaction is closed')
            return run(sql, params, options, true)
          },
          transaction: () =>
            Promise.reject(new Error('PGlite has no nested transactions; use a savepoint')),
        }),
      ),
  }
}

/**
 * The one result set of an extended-protocol message, as PGlite's parseResults makes it, without
 * its copy of every type parser into a new object on each query (drizzle passes its own few).
 */
function resultOf<T>(
  messages: readonly BackendMessage[],
  defaults: Record<number | string, types.Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers
  let fields: { name: string; dataTypeID: number }[] = []
  let columns: { name: string; type: number; parsers: NonNullable<QueryOptions['parsers']> }[] = []
  const rows: unknown[] = []
  let affectedRows = 0
  let command: string | undefined
  let rowCount: number | undefined
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as RowDescription).fields.map(({ name, dataTypeID }) => ({
        name,
        dataTypeID,
      }))
      columns = fields.map(({ name, dataTypeID }) => ({
        name,
        type: dataTypeID,
        parsers: own?.[dataTypeID] ? own : defaults,
      }))
    } else if (message.name === 'dataRow') {
      const values = (message as DataRow).fields.map((value, i): unknown => {
        const column = columns[i]
        return column ? (types.parseType(value, column.type, column.parsers) as unknown) : value
      })
      rows.push(
        options?.rowMode === 'array'
          ? values
          : Object.fromEntries(values.map((value, i) => [columns[i]?.name ?? String(i), value])),
      )
    } else if (message.name === 'commandComplete') {
      const words = (message as CommandComplete).text.split(' ')
      command = words[0] ?? ''
      const count = parseInt(words[words.length - 1] ?? '', 10)
      if (!Number.isNaN(count)) rowCount = count
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows = count
    }
  }
  return {
    rows: rows as T[],
    fields,
    affectedRows,
    ...(command === undefined ? {} : { command }),
    ...(rowCount === undefined ? {} : { rowCount }),
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0
  for (const part of parts) length += part.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** A parameter as PostgreSQL's text format, following node-postgres's rules. */
export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return arrayLiteral(value)
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value)
  return JSON.stringify(value)
}

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL'
    if (Array.isArray(value)) return arrayLiteral(value)
    const text = toText(value) as string
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  })
  return `{${items.join(',')}}`
}
