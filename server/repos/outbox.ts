import { and, asc, count, desc, eq, inArray, lt, lte, min, sql } from 'drizzle-orm'
import {
  outbox,
  type ListedOutboxRow,
  type OutboxChannel,
  type OutboxRow,
  type OutboxStatus,
} from '../db/schema/outbox'
import { webhookEndpoints } from '../db/schema/webhooks'
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

/** Waiting for an attempt: never tried, or failed and to be tried again. */
const WAITING: OutboxStatus[] = ['pending', 'failed']

/**
 * A webhook delivery is ready only while its endpoint is enabled (a disabled one's deliveries are
 * held) and no older delivery of its endpoint is still to be made: in order per endpoint
 * (docs/webhooks.md). The partial index outbox_endpoint_open_idx keeps the check cheap.
 */
const WEBHOOK_READY = sql`(${outbox.endpointId} is null or (
  exists (select 1 from ${webhookEndpoints} e where e.id = ${outbox.endpointId} and e.enabled)
  and not exists (select 1 from ${outbox} older where older.endpoint_id = ${outbox.endpointId}
    and older.id < ${outbox.id} and older.status in ('pending', 'sending', 'failed'))))`

/**
 * Claims due messages (all, or only `ids`) by marking them `sending` with their next attempt pushed
 * past a lease, so that two deliverers — timers of two processes on one PostgreSQL — never send one
 * message twice. A claim whose lease ran out (its deliverer died) is due again.
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
        inArray(outbox.status, [...WAITING, 'sending']),
        lte(outbox.nextAttemptAt, now),
        ids ? inArray(outbox.id, ids) : undefined,
        WEBHOOK_READY,
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(outbox)
    .set({ status: 'sending', nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning()
}

export async function markSent(db: Db, id: string, now: Date) {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')))
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
      status: change.givenUp ? 'given_up' : 'failed',
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')))
}

/** The Queue screen's filters; `before` is the id the previous page ended with (ids sort by time). */
export interface MessageFilter {
  statuses?: readonly OutboxStatus[]
  channel?: OutboxChannel
  before?: string
}

/** The row without its text and html: the list never carries reset links or security codes. */
const listed = {
  id: outbox.id,
  channel: outbox.channel,
  to: outbox.to,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
}
export type ListedMessage = ListedOutboxRow

/** One page of messages, newest first; one row more than asked when more follow. */
export async function listMessages(
  db: Db,
  filter: MessageFilter,
  limit: number,
): Promise<ListedMessage[]> {
  return db
    .select(listed)
    .from(outbox)
    .where(
      and(
        filter.statuses ? inArray(outbox.status, [...filter.statuses]) : undefined,
        filter.channel ? eq(outbox.channel, filter.channel) : undefined,
        filter.before ? lt(outbox.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(limit + 1)
}

export async function findMessage(db: Db, id: string): Promise<ListedMessage | undefined> {
  const [row] = await db.select(listed).from(outbox).where(eq(outbox.id, id)).for('update')
  return row
}

/** Due now: a waiting message keeps its status, one that gave up waits again ('failed'). */
export async function rearmMessage(
  db: Db,
  id: string,
  now: Date,
): Promise<ListedMessage | undefined> {
  const [row] = await db
    .update(outbox)
    .set({
      nextAttemptAt: now,
      status: sql`case when ${outbox.status} = 'given_up' then 'failed' else ${outbox.status} end`,
    })
    .where(and(eq(outbox.id, id), inArray(outbox.status, [...WAITING, 'given_up'])))
    .returning(listed)
  return row
}

/** Cancels a message that is not being sent and was not sent: it will never be. */
export async function cancelMessage(db: Db, id: string): Promise<ListedMessage | undefined> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'cancelled' })
    .where(and(eq(outbox.id, id), inArray(outbox.status, [...WAITING, 'given_up'])))
    .returning(listed)
  return row
}

/** Messages still to be sent (pending, sending, failed) and when the oldest of them was queued. */
export async function queueDepth(db: Db): Promise<{ depth: number; oldest: Date | null }> {
  const [row] = await db
    .select({ depth: count(), oldest: min(outbox.createdAt) })
    .from(outbox)
    .where(inArray(outbox.status, [...WAITING, 'sending']))
  return { depth: row?.depth ?? 0, oldest: row?.oldest ?? null }
}

/** Messages that gave up, oldest first (the Queue's "needs staff"). */
export async function givenUpMessages(db: Db, limit: number): Promise<ListedMessage[]> {
  return db
    .select(listed)
    .from(outbox)
    .where(eq(outbox.status, 'given_up'))
    .orderBy(asc(outbox.id))
    .limit(limit)
}
