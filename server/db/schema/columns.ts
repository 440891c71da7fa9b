import { sql } from 'drizzle-orm'
import { bigint, customType, pgSequence, timestamp, uuid } from 'drizzle-orm/pg-core'
import { v7 as uuidv7 } from 'uuid'

/**
 * One global change sequence for every synced table and the tombstones, so that a sync cursor is a
 * single number across a collection's rows and deletions (docs/server-storage.md).
 */
export const changeRev = pgSequence('change_rev')

/** PostgreSQL's 64-bit transaction id; drizzle has no built-in column for it. */
export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
})

/** Times are stored with their zone and read back as Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7())

/** created_at and updated_at, as every entity of SPEC.md §3 carries. */
export const stamps = () => ({
  createdAt: at('created_at')
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: at('updated_at')
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date()),
})

/**
 * rev and txid of a synced row. The trigger of the custom migration overwrites both on every insert
 * and update; the defaults only keep inserts typed and the columns never null.
 */
export const syncColumns = () => ({
  rev: bigint('rev', { mode: 'number' })
    .notNull()
    .default(sql`nextval('change_rev')`),
  txid: xid8('txid')
    .notNull()
    .default(sql`pg_current_xact_id()`),
})
