import { desc, inArray, isNull } from 'drizzle-orm'
import { type OidcKeyRow, oidcKeys } from '../db/schema/oidc'
import type { Db } from '../db/types'

/** The key sets still published, newest first: the first one signs. */
export async function listOidcKeys(db: Db): Promise<OidcKeyRow[]> {
  return db
    .select()
    .from(oidcKeys)
    .where(isNull(oidcKeys.retiredAt))
    .orderBy(desc(oidcKeys.createdAt), desc(oidcKeys.id))
}

export async function insertOidcKeys(db: Db, jwks: Record<string, unknown>[]): Promise<OidcKeyRow> {
  const [row] = await db.insert(oidcKeys).values({ jwks }).returning()
  if (!row) throw new Error('signing keys not inserted')
  return row
}

/** Retires key sets by id: they leave the JWKS. */
export async function retireOidcKeys(db: Db, ids: string[]) {
  if (ids.length === 0) return
  await db.update(oidcKeys).set({ retiredAt: new Date() }).where(inArray(oidcKeys.id, ids))
}
