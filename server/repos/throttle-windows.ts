import { and, eq, lte, or, sql } from 'drizzle-orm'
import { throttleWindows } from '../db/schema/sign-in-guards'
import type { Db } from '../db/types'

const w = throttleWindows

/**
 * Takes one of `max` slots of `key`'s current window (a fixed window of `windowSeconds` from its
 * first attempt), in one statement, so parallel requests cannot take more. Answers the window's
 * start when a slot was taken, or the seconds until it ends when none is left.
 */
export async function takeWindowSlot(
  db: Db,
  key: string,
  now: Date,
  max: number,
  windowSeconds: number,
): Promise<
  { taken: true; windowStart: Date; attempts: number } | { taken: false; retryAfterSeconds: number }
> {
  const ended = lte(w.windowStart, new Date(now.getTime() - windowSeconds * 1000))
  const [row] = await db
    .insert(w)
    .values({ key, windowStart: now, attempts: 1 })
    .onConflictDoUpdate({
      target: w.key,
      set: {
        windowStart: sql`case when ${ended} then ${now.toISOString()}::timestamptz else ${w.windowStart} end`,
        attempts: sql`case when ${ended} then 1 else ${w.attempts} + 1 end`,
      },
      setWhere: or(ended, sql`${w.attempts} < ${max}`),
    })
    .returning()
  if (row) return { taken: true, windowStart: row.windowStart, attempts: row.attempts }
  const [full] = await db.select().from(w).where(eq(w.key, key))
  const endsAt = (full?.windowStart.getTime() ?? now.getTime()) + windowSeconds * 1000
  return {
    taken: false,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  }
}

/** Gives a slot back (the secret was right), unless its window has ended since. */
export async function giveBackWindowSlot(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .update(w)
    .set({ attempts: sql`greatest(${w.attempts} - 1, 0)` })
    .where(and(eq(w.key, key), eq(w.windowStart, windowStart)))
}

export async function clearWindow(db: Db, key: string): Promise<void> {
  await db.delete(w).where(eq(w.key, key))
}

/** Windows that started before `before` have all ended. */
export async function purgeEndedWindows(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(w).where(lte(w.windowStart, before)).returning({ key: w.key })
  return rows.length
}

export async function readWindow(db: Db, key: string) {
  const [row] = await db.select().from(w).where(eq(w.key, key))
  return row
}
