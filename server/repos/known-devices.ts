import { and, eq, lt } from 'drizzle-orm'
import { knownDevices, type KnownDeviceRow } from '../db/schema/sign-in-guards'
import type { Db } from '../db/types'

export async function findKnownDevice(
  db: Db,
  id: string,
  userId: string,
): Promise<KnownDeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(knownDevices)
    .where(and(eq(knownDevices.id, id), eq(knownDevices.userId, userId)))
  return row
}

/** Records a browser the account signed in from; answers the device's id. */
export async function insertKnownDevice(
  db: Db,
  row: { userId: string; now: Date; userAgent: string },
): Promise<string> {
  const [inserted] = await db
    .insert(knownDevices)
    .values({
      userId: row.userId,
      createdAt: row.now,
      lastSeenAt: row.now,
      userAgent: row.userAgent,
    })
    .returning({ id: knownDevices.id })
  if (!inserted) throw new Error('The known device was not stored.')
  return inserted.id
}

export async function touchKnownDevice(db: Db, id: string, now: Date): Promise<void> {
  await db.update(knownDevices).set({ lastSeenAt: now }).where(eq(knownDevices.id, id))
}

export async function knownDeviceIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
  return rows.map((row) => row.id)
}

/** Browsers that have not signed in since `before` no longer hold a live cookie. */
export async function purgeUnusedDevices(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(knownDevices)
    .where(lt(knownDevices.lastSeenAt, before))
    .returning({ id: knownDevices.id })
  return rows.length
}
