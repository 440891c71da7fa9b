import { and, eq, ne } from 'drizzle-orm'
import { type ServiceRow, services } from '../db/schema/services'
import type { Db } from '../db/types'

export type ServiceInsert = typeof services.$inferInsert
export type ServiceUpdate = Partial<Omit<ServiceInsert, 'id' | 'createdAt' | 'rev' | 'txid'>>

export async function insertService(db: Db, values: ServiceInsert): Promise<ServiceRow> {
  const [row] = await db.insert(services).values(values).returning()
  if (!row) throw new Error('service not inserted')
  return row
}

export async function findServiceById(db: Db, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1)
  return row
}

/**
 * The service, locked until the transaction ends, so that of two changes at once (two logo uploads,
 * a delete and an edit) the second sees what the first left.
 */
export async function lockService(db: Db, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id)).for('update')
  return row
}

/** True when a service other than `exceptId` (deleted ones included) has the key. */
export async function isKeyTaken(db: Db, key: string, exceptId?: string): Promise<boolean> {
  const where = exceptId
    ? and(eq(services.key, key), ne(services.id, exceptId))
    : eq(services.key, key)
  const [row] = await db.select({ id: services.id }).from(services).where(where).limit(1)
  return row !== undefined
}

/** Updates a service and answers the row as it now is. */
export async function updateService(
  db: Db,
  id: string,
  change: ServiceUpdate,
): Promise<ServiceRow | undefined> {
  const [row] = await db.update(services).set(change).where(eq(services.id, id)).returning()
  return row
}

/** The service with this key (deleted ones included; the caller decides). */
export async function findServiceByKey(db: Db, key: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.key, key)).limit(1)
  return row
}
