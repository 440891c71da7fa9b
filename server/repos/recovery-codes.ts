import { and, count, eq, isNull } from 'drizzle-orm'
import { recoveryCodes } from '../db/schema/factors'
import type { Db } from '../db/types'

/** The user's codes become these (hashes): every older one, used or not, stops working. */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  if (hashes.length) {
    await db
      .insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
  }
}

export async function unusedRecoveryCodes(db: Db, userId: string) {
  return db
    .select({
      id: recoveryCodes.id,
      codeHash: recoveryCodes.codeHash,
      createdAt: recoveryCodes.createdAt,
    })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.left ?? 0
}

/** Uses a code up; false when another request used it first. */
export async function useRecoveryCode(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  return rows.length === 1
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .returning({ id: recoveryCodes.id })
  return rows.length
}
