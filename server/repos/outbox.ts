import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { outbox, type OutboxChannel, type OutboxRow } from '../db/schema/outbox'
import type { Db } from '../db/types'

export interface NewMessage {
  channel: OutboxChannel
  to: string
  subject?: string
  text: string
  html?: string
}

/** How long a claimed message is left to its deliverer before another may try. */
const CLAIM_LEASE_MS = 60_000

/** Queues a message in the caller's transaction; it is delivered once that commits. */
export async function enqueueMessage(
  db: Db,
  message: NewMessage,
  now = new Date(),
): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, status: 'pending', nextAttemptAt: now, createdAt: now })
    .returning({ id: outbox.id })
  if (!row) throw new Error('The message was not queued.')
  return row.id
}

/**
 * Claims due pending messages (all, or only `ids`) by pushing their next attempt past a lease, so
 * that two deliverers — timers of two processes on one PostgreSQL — never send one message twice.
 */
export async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  ids?: string[],
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, now),
        ids ? inArray(outbox.id, ids) : undefined,
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(outbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning()
}

export async function markSent(db: Db, id: string, now: Date) {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(eq(outbox.id, id))
}

export async function markFailed(
  db: Db,
  id: string,
  change: { attempts: number; lastError: string; nextAttemptAt: Date; givenUp: boolean },
) {
  await db
    .update(outbox)
    .set({
      attempts: change.attempts,
      lastError: change.lastError,
      nextAttemptAt: change.nextAttemptAt,
      status: change.givenUp ? 'failed' : 'pending',
    })
    .where(eq(outbox.id, id))
}
