import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, id } from './columns'

export type OutboxChannel = 'email' | 'sms' | 'webhook'
/**
 * pending: waits for its first attempt; sending: claimed by a deliverer (its lease ends at
 * next_attempt_at); sent; failed: an attempt failed, the next is at next_attempt_at; given_up: the
 * attempts ran out (delivery.ts MAX_ATTEMPTS), staff may retry it; cancelled: staff cancelled it.
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'given_up' | 'cancelled'

/**
 * The one queue for outbound messages (DESIGN.md §3). Rows stay after delivery so that failures and
 * history are visible on the Queue screen.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel').notNull().$type<OutboxChannel>(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('pending').$type<OutboxStatus>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    // Webhook deliveries (docs/webhooks.md): the endpoint (no reference: a deleted endpoint's
    // deliveries stay as history), the webhook-id and type, and the last answer.
    endpointId: uuid('endpoint_id'),
    eventId: text('event_id'),
    eventType: text('event_type'),
    lastCode: integer('last_code'),
    lastDurationMs: integer('last_duration_ms'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The Queue screen pages newest first by id (UUIDv7, so in creation order), by status too.
    index('outbox_status_id_idx').on(t.status, t.id),
    // A webhook delivery waits for the older open ones of its endpoint (in order per endpoint).
    index('outbox_endpoint_open_idx')
      .on(t.endpointId, t.id)
      .where(sql`endpoint_id is not null and status in ('pending', 'sending', 'failed')`),
    // An endpoint's delivery log, newest first.
    index('outbox_endpoint_id_idx')
      .on(t.endpointId, t.id)
      .where(sql`endpoint_id is not null`),
  ],
)
export type OutboxRow = typeof outbox.$inferSelect
/** A row as lists read it: without the text and html, which may hold reset links and codes. */
export type ListedOutboxRow = Pick<
  OutboxRow,
  | 'id'
  | 'channel'
  | 'to'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'nextAttemptAt'
  | 'lastError'
  | 'createdAt'
  | 'sentAt'
>
