import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { mfaRequests } from '../db/schema/credentials'
import type { Db } from '../db/types'

/** Opens a second-factor request; any older open one of the user stops counting. */
export async function openMfaRequest(
  db: Db,
  row: { userId: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  await db
    .update(mfaRequests)
    .set({ usedAt: row.createdAt })
    .where(and(eq(mfaRequests.userId, row.userId), isNull(mfaRequests.usedAt)))
  const [request] = await db.insert(mfaRequests).values(row).returning({ id: mfaRequests.id })
  if (!request) throw new Error('The second-factor request was not stored.')
  return request.id
}

/** The user's open request: not used, not superseded, not expired. With `id`, only that one. */
export async function findOpenMfaRequest(db: Db, userId: string, now: Date, id?: string) {
  const [row] = await db
    .select()
    .from(mfaRequests)
    .where(
      and(
        eq(mfaRequests.userId, userId),
        isNull(mfaRequests.usedAt),
        gt(mfaRequests.expiresAt, now),
        id === undefined ? undefined : eq(mfaRequests.id, id),
      ),
    )
    .orderBy(desc(mfaRequests.createdAt))
    .limit(1)
  return row
}

/** Marks a request used; false when someone else used it first (single use under concurrency). */
export async function consumeMfaRequest(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaRequests)
    .set({ usedAt: now })
    .where(and(eq(mfaRequests.id, id), isNull(mfaRequests.usedAt)))
    .returning({ id: mfaRequests.id })
  return rows.length === 1
}

export async function countMfaFailure(db: Db, id: string, failedAttempts: number) {
  await db.update(mfaRequests).set({ failedAttempts }).where(eq(mfaRequests.id, id))
}
