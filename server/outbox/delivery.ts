import type { OutboxRow } from '../db/schema/outbox'
import type { Db } from '../db/types'
import type { Transport } from './message'
import { webhookRetryDelayMs } from '../domain/webhooks'
import { claimDue, markFailed, markSent } from '../repos/outbox'

/** Attempts before a message gives up (status given_up); the delays add up to about a day. */
export const MAX_ATTEMPTS = 10

/** Wait after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 4 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 4 * 3_600_000)
}

export interface Transports {
  email: Transport
  sms: Transport
  /** Delivers a claimed webhook row and records its attempt (outbox/webhook-delivery.ts). */
  webhook?: (db: Db, row: OutboxRow) => Promise<void>
}

/** The error in words, with its cause ('fetch failed: connect ECONNREFUSED 127.0.0.1:9'). */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? error.cause.message : undefined
  return cause && !error.message.includes(cause) ? `${error.message}: ${cause}` : error.message
}

async function deliverOne(db: Db, transports: Transports, row: OutboxRow): Promise<void> {
  if (row.channel === 'webhook') return deliverWebhookRow(db, transports, row)
  try {
    await transports[row.channel]({
      id: row.id,
      channel: row.channel,
      to: row.to,
      ...(row.subject === null ? {} : { subject: row.subject }),
      text: row.text,
      ...(row.html === null ? {} : { html: row.html }),
      createdAt: row.createdAt.toISOString(),
    })
    await markSent(db, row.id, new Date())
  } catch (error) {
    const attempts = row.attempts + 1
    await markFailed(db, row.id, {
      attempts,
      lastError: errorText(error),
      nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
      givenUp: attempts >= MAX_ATTEMPTS,
    })
  }
}

async function deliverWebhookRow(db: Db, transports: Transports, row: OutboxRow) {
  try {
    if (!transports.webhook) throw new Error('Webhooks are not delivered by this process.')
    await transports.webhook(db, row)
  } catch (error) {
    // Not an answer of the endpoint (that is recorded as an attempt): try again later.
    const attempts = row.attempts + 1
    const delay = webhookRetryDelayMs(attempts)
    await markFailed(db, row.id, {
      attempts,
      lastError: errorText(error),
      nextAttemptAt: new Date(Date.now() + (delay ?? 0)),
      givenUp: delay === null,
    })
  }
}

/** Delivers what is due now (or only `ids`); failures stay in the table for the next round. */
export async function deliverDue(db: Db, transports: Transports, ids?: string[]): Promise<number> {
  const rows = await claimDue(db, new Date(), 50, ids)
  await Promise.all(rows.map((row) => deliverOne(db, transports, row)))
  return rows.length
}
