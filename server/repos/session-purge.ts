import { inArray, lte, or } from 'drizzle-orm'
import { sessions } from '../db/schema/sessions'
import type { Db } from '../db/types'

/** Rows per DELETE: keeps each transaction short, since a long one holds every sync back. */
const PURGE_BATCH = 1000

/** Sessions whose idle or absolute expiry has passed at `now` (as isSessionExpired decides). */
export const expiredAt = (now: Date) =>
  or(lte(sessions.expires, now), lte(sessions.absoluteExpires, now))

/**
 * Deletes the sessions that expired by `now`, in batches, and answers how many went. The delete
 * trigger leaves a tombstone per row and the change feed tells the consoles. Processes purging
 * at once skip the rows another one has locked, so each row is deleted (and counted) once.
 */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<number> {
  let total = 0
  for (;;) {
    const doomed = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(expiredAt(now))
      .limit(PURGE_BATCH)
      .for('update', { skipLocked: true })
    const deleted = await db
      .delete(sessions)
      .where(inArray(sessions.id, doomed))
      .returning({ id: sessions.id })
    total += deleted.length
    if (deleted.length < PURGE_BATCH) return total
  }
}
