import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { at, id } from './columns'

export type OutboxChannel = 'email' | 'sms'
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
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The Queue screen pages newest first by id (UUIDv7, so in creation order), by status too.
    index('outbox_status_id_idx').on(t.status, t.id),
  ],
)
export type OutboxRow = typeof outbox.$inferSelect
/** A row as lists read it: without the text and html, which may hold reset links and codes. */
export type ListedOutboxRow = Omit<OutboxRow, 'text' | 'html'>
