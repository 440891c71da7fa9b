import { and, eq, gt, isNull } from 'drizzle-orm'
import { emailVerifications } from '../db/schema/credentials'
import type { Db } from '../db/types'

/** Stores a new confirmation link (its hash only); the user's earlier unused links stop working. */
export async function insertEmailVerification(
  db: Db,
  row: { userId: string; email: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ usedAt: row.createdAt })
    .where(and(eq(emailVerifications.userId, row.userId), isNull(emailVerifications.usedAt)))
  await db.insert(emailVerifications).values(row)
}

/**
 * Uses up the unused, unexpired link with this hash and answers it; undefined when there is none.
 * A conditional update, so that two clicks cannot both win.
 */
export async function consumeEmailVerification(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerifications.userId, email: emailVerifications.email })
  return row
}
