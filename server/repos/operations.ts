import { and, count, gt, sql } from 'drizzle-orm'
import { outbox, type OutboxChannel, type OutboxStatus } from '../db/schema/outbox'
import { sessions } from '../db/schema/sessions'
import type { Db } from '../db/types'

/** Sessions that have not expired at `now` (idle and absolute), across every process. */
export async function countLiveSessions(db: Db, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(gt(sessions.expires, now), gt(sessions.absoluteExpires, now)))
  return row?.n ?? 0
}

export interface OutboxCount {
  channel: OutboxChannel
  status: OutboxStatus
  /** Pending messages that failed at least once and wait for a retry. */
  retrying: number
  n: number
}

/** The outbox by channel and status, for its depth (pending) and failures (failed, retrying). */
export async function countOutbox(db: Db): Promise<OutboxCount[]> {
  const rows = await db
    .select({
      channel: outbox.channel,
      status: outbox.status,
      n: count(),
      retrying: sql<number>`count(*) filter (where ${outbox.attempts} > 0)`.mapWith(Number),
    })
    .from(outbox)
    .groupBy(outbox.channel, outbox.status)
  return rows
}
