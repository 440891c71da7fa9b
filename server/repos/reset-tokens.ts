import { and, eq, gt, isNull } from 'drizzle-orm'
import { passwordResetTokens } from '../db/schema/credentials'
import { users } from '../db/schema/users'
import type { Db } from '../db/types'

/** Marks every unused reset token of the user used, so that no earlier link works any more. */
export async function retireResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
}

/** Stores a new reset token (its hash only); the user's earlier unused tokens stop working. */
export async function insertResetToken(
  db: Db,
  row: { userId: string; tokenHash: string; reason: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await retireResetTokens(db, row.userId, row.createdAt)
  await db.insert(passwordResetTokens).values(row)
}

/** The token with this hash if it is unused and unexpired, with the address of its user. */
export async function findValidResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: users.id,
      email: users.email,
      reason: passwordResetTokens.reason,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1)
  return row
}

/** Uses a token up; false when it was used (or expired) first, so two resets cannot both win. */
export async function consumeResetToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ id: passwordResetTokens.id })
  return rows.length === 1
}
