import { customType, pgTable, text } from 'drizzle-orm/pg-core'
import { at } from './columns'

/** bytea as a Buffer: node-postgres answers a Buffer, PGlite a Uint8Array (made a Buffer here). */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

/**
 * Stored images (visages, logos, attribute images), one row per file, so that processes sharing
 * the database share them too (docs/server-images.md). The key is `<kind>/<name>`; a file is
 * never changed, only added and deleted: a new upload gets a new name.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytes('data').notNull(),
  createdAt: at('created_at').notNull(),
})
export type StoredFileRow = typeof storedFiles.$inferSelect
