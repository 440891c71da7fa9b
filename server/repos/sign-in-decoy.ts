import { eq, sql } from 'drizzle-orm'
import { users } from '../db/schema/users'
import type { Db } from '../db/types'

/** The nil UUID: no account has it. */
const NOBODY = '00000000-0000-0000-0000-000000000000'

/**
 * The failure count update a known account's failed sign-in runs (flows/failed-sign-in.ts), on no
 * row: an unknown username then costs the database what a known one does.
 */
export async function countFailureOfNobody(db: Db): Promise<void> {
  await db
    .update(users)
    .set({ failedAttempts: sql`${users.failedAttempts} + 1` })
    .where(eq(users.id, NOBODY))
    .returning({ failedAttempts: users.failedAttempts })
}
