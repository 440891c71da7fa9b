import type { QueueMessage } from '../../schema/queue'
import { maskRecipient } from '../domain/masking'
import type { ListedOutboxRow } from '../db/schema/outbox'

/** A listed outbox row → the Queue's message: masked recipient, subject only, no text. */
export function toQueueMessage(row: ListedOutboxRow): QueueMessage {
  const waits = row.status === 'pending' || row.status === 'failed' || row.status === 'sending'
  return {
    id: row.id,
    channel: row.channel,
    recipient: maskRecipient(row.channel, row.to),
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: waits ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }
}
