import type { OutboxRow } from '../db/schema/outbox'
import type { WebhookEndpointRow } from '../db/schema/webhooks'
import type { Db } from '../db/types'
import { open, sealedWith } from '../domain/secret-box'
import { webhookRetryDelayMs } from '../domain/webhooks'
import { AuditAction, recordAudit } from '../repos/audit'
import { factorKeyById } from '../repos/factor-keys'
import { enqueueMessage } from '../repos/outbox'
import { payloadUsers } from '../repos/webhooks'
import {
  cancelClaimed,
  disableFailingEndpoint,
  endpointRow,
  recordAttempt,
} from '../repos/webhooks'
import { sendWebhook } from './webhook-transport'

/** What a webhook delivery needs besides the database. */
export interface WebhookDeliveryOptions {
  /** WEBHOOK_PRIVATE_TARGETS. */
  allowPrivate: boolean
  /** The console's origin, for the owner's mail. */
  publicUrl: string
  /** Asks for a delivery round in `ms` (a retry due before the timer's next tick, the next event). */
  wake(ms: number): void
}

const SERVER_CLIENT = { ip: 'local', userAgent: 'gatehouse webhooks' }

async function openSealed(db: Db, sealed: string): Promise<string> {
  const key = await factorKeyById(db, sealedWith(sealed))
  if (!key) throw new Error('The key that sealed this webhook secret is gone.')
  return open(sealed, key.key)
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export async function signingSecrets(
  db: Db,
  endpoint: Pick<WebhookEndpointRow, 'secret' | 'previousSecret' | 'previousUntil'>,
  now: Date,
): Promise<string[]> {
  const secrets = [await openSealed(db, endpoint.secret)]
  if (endpoint.previousSecret && endpoint.previousUntil && endpoint.previousUntil > now)
    secrets.push(await openSealed(db, endpoint.previousSecret))
  return secrets
}

/** The owner's mail when their endpoint was turned off for failing. */
function disabledMail(endpoint: WebhookEndpointRow, publicUrl: string) {
  return {
    subject: 'A webhook endpoint was turned off',
    text: [
      `Gatehouse could not deliver events to ${endpoint.url} for a day and turned the endpoint off.`,
      `Its later events are held until it is turned on again: ${publicUrl}/webhooks`,
    ].join('\n\n'),
  }
}

/**
 * Delivers one claimed webhook row: signs it with the endpoint's secrets, POSTs it, records the
 * attempt. A failure is retried on the backoff schedule; the last one gives up, turns the
 * endpoint off (audited webhook.disabled) and mails its owner, in one transaction.
 */
export async function deliverWebhook(
  db: Db,
  row: OutboxRow,
  options: WebhookDeliveryOptions,
): Promise<void> {
  const endpoint = row.endpointId ? await endpointRow(db, row.endpointId) : undefined
  if (!endpoint || !row.eventId) {
    await cancelClaimed(db, row.id)
    return
  }
  const now = new Date()
  const answer = await sendWebhook({
    url: endpoint.url,
    eventId: row.eventId,
    payload: row.text,
    secrets: await signingSecrets(db, endpoint, now),
    allowPrivate: options.allowPrivate,
    now,
  })
  const at = new Date()
  const attempt = { at, ...answer }
  const attempts = row.attempts + 1
  if (answer.error === null) {
    await recordAttempt(db, row.id, attempt, { status: 'sent', attempts, nextAttemptAt: at })
    // The endpoint's next delivery was waiting for this one.
    options.wake(0)
    return
  }
  const delay = webhookRetryDelayMs(attempts)
  if (delay !== null) {
    const nextAttemptAt = new Date(at.getTime() + delay)
    await recordAttempt(db, row.id, attempt, { status: 'failed', attempts, nextAttemptAt })
    options.wake(delay)
    return
  }
  await db.transaction(async (tx) => {
    const recorded = await recordAttempt(tx, row.id, attempt, {
      status: 'given_up',
      attempts,
      nextAttemptAt: at,
    })
    if (!recorded || !(await disableFailingEndpoint(tx, endpoint.id))) return
    await recordAudit(tx, SERVER_CLIENT, {
      action: AuditAction.webhookDisabled,
      outcome: 'success',
      detail: { endpointId: endpoint.id, url: endpoint.url, deliveryId: row.id },
    })
    const [owner] = await payloadUsers(tx, [endpoint.ownerId])
    if (owner && owner.disabledAt === null)
      await enqueueMessage(tx, {
        channel: 'email',
        to: owner.email,
        ...disabledMail(endpoint, options.publicUrl),
      })
  })
  options.wake(0)
}
