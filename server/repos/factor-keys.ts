import { desc, eq, inArray } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { factorKeys } from '../db/schema/factors'
import type { Db } from '../db/types'

export interface FactorKey {
  id: string
  key: Buffer
}

const toKey = (row: { id: string; key: string }): FactorKey => ({
  id: row.id,
  key: Buffer.from(row.key, 'base64url'),
})

/** Every key, the newest (the one that seals) first. */
export async function listFactorKeys(db: Db): Promise<FactorKey[]> {
  const rows = await db
    .select()
    .from(factorKeys)
    .orderBy(desc(factorKeys.createdAt), desc(factorKeys.id))
  return rows.map(toKey)
}

export async function factorKeyById(db: Db, id: string): Promise<FactorKey | undefined> {
  const [row] = await db.select().from(factorKeys).where(eq(factorKeys.id, id))
  return row ? toKey(row) : undefined
}

/** A new random 256-bit key; answers it. */
export async function insertFactorKey(db: Db, now = new Date()): Promise<FactorKey> {
  const [row] = await db
    .insert(factorKeys)
    .values({ key: randomBytes(32).toString('base64url'), createdAt: now })
    .returning()
  if (!row) throw new Error('The factor key was not stored.')
  return toKey(row)
}

export async function deleteFactorKeys(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(factorKeys).where(inArray(factorKeys.id, ids))
}
