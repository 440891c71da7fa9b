import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import { type OidcModelRow, oidcModels } from '../db/schema/oidc'
import type { Db } from '../db/types'

/** What oidc-provider hands its adapter to store (its AdapterPayload, loosely). */
export type OidcPayload = Record<string, unknown> & {
  grantId?: string
  userCode?: string
  uid?: string
  consumed?: number
}

const live = (row: OidcModelRow | undefined, now = new Date()) =>
  row && (!row.expiresAt || row.expiresAt > now) ? row : undefined

/** The payload as the provider wants it back: consumed is the time it was consumed, in seconds. */
function payloadOf(row: OidcModelRow | undefined): OidcPayload | undefined {
  const found = live(row)
  if (!found) return undefined
  return {
    ...found.payload,
    ...(found.consumedAt ? { consumed: Math.floor(found.consumedAt.getTime() / 1000) } : {}),
  }
}

export async function upsertOidcModel(
  db: Db,
  model: string,
  id: string,
  payload: OidcPayload,
  expiresIn: number | undefined,
) {
  const values = {
    model,
    id,
    payload,
    grantId: payload.grantId ?? null,
    userCode: payload.userCode ?? null,
    uid: payload.uid ?? null,
    expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
  }
  await db
    .insert(oidcModels)
    .values(values)
    .onConflictDoUpdate({
      target: [oidcModels.model, oidcModels.id],
      set: { ...values, consumedAt: null },
    })
}

export async function findOidcModel(db: Db, model: string, id: string) {
  const [row] = await db
    .select()
    .from(oidcModels)
    .where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)))
  return payloadOf(row)
}

export async function findOidcModelBy(
  db: Db,
  model: string,
  by: 'uid' | 'userCode',
  value: string,
) {
  const [row] = await db
    .select()
    .from(oidcModels)
    .where(and(eq(oidcModels.model, model), eq(oidcModels[by], value)))
    .limit(1)
  return payloadOf(row)
}

export async function consumeOidcModel(db: Db, model: string, id: string) {
  await db
    .update(oidcModels)
    .set({ consumedAt: new Date() })
    .where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)))
}

export async function destroyOidcModel(db: Db, model: string, id: string) {
  await db.delete(oidcModels).where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)))
}

/** Every token, code and grant of a grant goes (the provider revokes a grant this way). */
export async function revokeOidcGrant(db: Db, grantId: string) {
  await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId))
}

/** Deletes the instances that expired; answers how many went. */
export async function purgeExpiredOidcModels(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(oidcModels)
    .where(and(isNotNull(oidcModels.expiresAt), lt(oidcModels.expiresAt, now)))
    .returning({ id: oidcModels.id })
  return gone.length
}

/** How many live instances of a model there are (tests and metrics). */
export async function countOidcModels(db: Db, model: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oidcModels)
    .where(eq(oidcModels.model, model))
  return row?.n ?? 0
}
