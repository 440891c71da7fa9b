import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { SIGN_IN_DECOY_SLOTS, signInDecoys } from '../db/schema/sign-in-decoys'
import type { Db } from '../db/types'

/** The same username always lands on the same row, so its guesses queue as one account's would. */
const slotOf = (username: string) =>
  createHash('sha256').update(username).digest().readUInt16BE(0) % SIGN_IN_DECOY_SLOTS

/**
 * The failure count update a known account's failed sign-in runs (use-cases/failed-sign-in.ts), on a
 * decoy row that a trigger stamps as it stamps user rows: an unknown username then costs the
 * database what a known one does.
 */
export async function countFailureOfNobody(db: Db, username: string): Promise<void> {
  await db
    .update(signInDecoys)
    .set({ failedAttempts: sql`${signInDecoys.failedAttempts} + 1` })
    .where(eq(signInDecoys.slot, slotOf(username)))
    .returning()
}
