import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { mfaRequests } from '../db/schema/credentials'
import type { Db } from '../db/types'

/** Opens a second step (docs/second-factors.md); any older open one of the user stops counting. */
export async function openMfaRequest(
  db: Db,
  row: {
    userId: string
    codeHash: string | null
    createdAt: Date
    expiresAt: Date
    purpose?: 'sign-in' | 'enrolment'
    smsSent?: number
  },
): Promise<string> {
  await db
    .update(mfaRequests)
    .set({ usedAt: row.createdAt })
    .where(and(eq(mfaRequests.userId, row.userId), isNull(mfaRequests.usedAt)))
  const [request] = await db.insert(mfaRequests).values(row).returning({ id: mfaRequests.id })
  if (!request) throw new Error('The second-factor request was not stored.')
  return request.id
}

/** The user's open step: not used, not superseded, not expired. With `id`, only that one. */
export async function findOpenMfaRequest(
  db: Db,
  userId: string,
  now: Date,
  id?: string,
  purpose: 'sign-in' | 'enrolment' = 'sign-in',
) {
  const [row] = await db
    .select()
    .from(mfaRequests)
    .where(
      and(
        eq(mfaRequests.userId, userId),
        isNull(mfaRequests.usedAt),
        gt(mfaRequests.expiresAt, now),
        eq(mfaRequests.purpose, purpose),
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

/**
 * Gives an open step a (new) text-message code, at most `max` per step; false when the step is
 * gone or has had its share.
 */
export async function setMfaCode(
  db: Db,
  id: string,
  codeHash: string,
  now: Date,
  max: number,
): Promise<boolean> {
  const rows = await db
    .update(mfaRequests)
    .set({ codeHash, smsSent: sql`${mfaRequests.smsSent} + 1` })
    .where(
      and(
        eq(mfaRequests.id, id),
        isNull(mfaRequests.usedAt),
        gt(mfaRequests.expiresAt, now),
        lt(mfaRequests.smsSent, max),
      ),
    )
    .returning({ id: mfaRequests.id })
  return rows.length === 1
}
