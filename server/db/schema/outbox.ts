import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { at, id } from './columns'

export type OutboxChannel = 'email' | 'sms'
export type OutboxStatus = 'pending' | 'sent' | 'failed'

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
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
)
export type OutboxRow = typeof outbox.$inferSelect
