import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { knownDevices, signInCounters, type SignInCounterRow } from '../db/schema/sign-in-guards'
import type { Db } from '../db/types'
import { MAX_LOCK_MINUTES } from '../domain/lockout'

const c = signInCounters

/**
 * Takes one guess from `subject`'s counter before the secret is checked, in one statement, so that
 * however many requests arrive at once no more than `threshold` are checked per lock: answers the
 * counter as it now is, or undefined when it is locked or full (the caller refuses without
 * checking). A lock that ended leaves a count of 0 behind, so it needs no reset here; a counter
 * quiet since `forgetBefore` starts again from nothing; one full since `stuckBefore` lost its
 * checks to a stopped process and starts a new count.
 */
export async function takeGuess(
  db: Db,
  subject: string,
  at: { now: Date; forgetBefore: Date; stuckBefore: Date },
  threshold: number,
): Promise<SignInCounterRow | undefined> {
  const forgotten = lt(c.lastAttemptAt, at.forgetBefore)
  const [row] = await db
    .insert(c)
    .values({ subject, failedAttempts: 1, lastAttemptAt: at.now, lockoutCount: 0 })
    .onConflictDoUpdate({
      target: c.subject,
      set: {
        failedAttempts: sql`case when ${forgotten} or ${c.failedAttempts} >= ${threshold} then 1 else ${c.failedAttempts} + 1 end`,
        lockoutCount: sql`case when ${forgotten} then 0 else ${c.lockoutCount} end`,
        lockedUntil: sql`case when ${forgotten} then null else ${c.lockedUntil} end`,
        lastAttemptAt: at.now,
      },
      setWhere: or(
        forgotten,
        and(
          or(isNull(c.lockedUntil), lte(c.lockedUntil, at.now)),
          or(lt(c.failedAttempts, threshold), lt(c.lastAttemptAt, at.stuckBefore)),
        ),
      ),
    })
    .returning()
  return row
}

export async function readCounter(db: Db, subject: string): Promise<SignInCounterRow | undefined> {
  const [row] = await db.select().from(c).where(eq(c.subject, subject))
  return row
}

/**
 * Locks `subject` when its counter is full, and starts the count again: the first wrong answer to
 * come back from a full counter does it (a conditional update, so two at once lock once). The lock
 * lasts `waitMinutes` doubled for each lock in a row before it, at most a day. With `lock` false
 * the count only starts again (the unknown usernames' counters, which lock nobody). Answers the
 * counter when this call locked it.
 */
export async function lockIfFull(
  db: Db,
  subject: string,
  now: Date,
  rule: { threshold: number; waitMinutes: number },
  lock: boolean,
): Promise<SignInCounterRow | undefined> {
  const minutes = sql`least(${MAX_LOCK_MINUTES}, ${rule.waitMinutes} * power(2, least(${c.lockoutCount}, 30)))`
  const [row] = await db
    .update(c)
    .set({
      failedAttempts: 0,
      lockoutCount: sql`${c.lockoutCount} + 1`,
      lockedUntil: lock
        ? sql`${now.toISOString()}::timestamptz + make_interval(mins => ${minutes}::int)`
        : null,
    })
    .where(
      and(
        eq(c.subject, subject),
        gte(c.failedAttempts, rule.threshold),
        or(isNull(c.lockedUntil), lte(c.lockedUntil, now)),
      ),
    )
    .returning()
  return row
}

/** Gives back a guess whose secret was right but whose sign-in goes on (a code step follows). */
export async function giveBackGuess(db: Db, subject: string): Promise<void> {
  await db
    .update(c)
    .set({ failedAttempts: sql`greatest(${c.failedAttempts} - 1, 0)` })
    .where(eq(c.subject, subject))
}

/** A success ends the run: no count, no lock, no locks in a row. */
export async function clearCounter(db: Db, subject: string): Promise<void> {
  await db.delete(c).where(eq(c.subject, subject))
}

/** Counters quiet since `before` and not locked mean nothing any more. */
export async function purgeQuietCounters(db: Db, before: Date, now: Date): Promise<number> {
  const rows = await db
    .delete(c)
    .where(and(lt(c.lastAttemptAt, before), or(isNull(c.lockedUntil), lte(c.lockedUntil, now))))
    .returning({ subject: c.subject })
  return rows.length
}

/** Clears the counters of an account: its unknown devices' and each known device's (an unlock, a reset). */
export async function clearAccountCounters(db: Db, userId: string): Promise<void> {
  await db.delete(c).where(
    or(
      eq(c.subject, `user:${userId}`),
      inArray(
        c.subject,
        db
          .select({ subject: sql<string>`'device:' || ${knownDevices.id}` })
          .from(knownDevices)
          .where(eq(knownDevices.userId, userId)),
      ),
    ),
  )
}
