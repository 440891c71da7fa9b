import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { xid8 } from './columns'

/**
 * Hard deletions of synced rows, written by the delete trigger, so that caches learn of them in
 * change order. One row per (collection, id); a second deletion only moves its rev forward.
 */
export const tombstones = pgTable(
  'tombstones',
  {
    collection: text('collection').notNull(),
    id: uuid('id').notNull(),
    rev: bigint('rev', { mode: 'number' })
      .notNull()
      .default(sql`nextval('change_rev')`),
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.id] }),
    index('tombstones_rev_idx').on(t.collection, t.rev),
  ],
)
