import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm'
import { type ServiceSecretRow, serviceSecrets } from '../db/schema/oidc'
import type { Db } from '../db/types'

/** A service's secrets that still work (no expiry, or one in the future), oldest first. */
export async function liveServiceSecrets(
  db: Db,
  serviceId: string,
  now = new Date(),
): Promise<ServiceSecretRow[]> {
  return db
    .select()
    .from(serviceSecrets)
    .where(
      and(
        eq(serviceSecrets.serviceId, serviceId),
        or(isNull(serviceSecrets.expiresAt), gt(serviceSecrets.expiresAt, now)),
      ),
    )
    .orderBy(asc(serviceSecrets.createdAt))
}

export async function insertServiceSecret(
  db: Db,
  values: { serviceId: string; name: string; hash: string },
): Promise<ServiceSecretRow> {
  const [row] = await db.insert(serviceSecrets).values(values).returning()
  if (!row) throw new Error('secret not inserted')
  return row
}

/** Gives the service's secrets without an expiry (or a later one) this expiry: the overlap. */
export async function expireServiceSecrets(db: Db, serviceId: string, at: Date) {
  await db
    .update(serviceSecrets)
    .set({ expiresAt: at })
    .where(
      and(
        eq(serviceSecrets.serviceId, serviceId),
        or(isNull(serviceSecrets.expiresAt), gt(serviceSecrets.expiresAt, at)),
      ),
    )
}

export async function deleteServiceSecret(
  db: Db,
  serviceId: string,
  id: string,
): Promise<ServiceSecretRow | undefined> {
  const [row] = await db
    .delete(serviceSecrets)
    .where(and(eq(serviceSecrets.serviceId, serviceId), eq(serviceSecrets.id, id)))
    .returning()
  return row
}

/** Secrets that expired are of no use; they go. */
export async function purgeExpiredServiceSecrets(db: Db, now = new Date()) {
  await db.delete(serviceSecrets).where(lte(serviceSecrets.expiresAt, now))
}
