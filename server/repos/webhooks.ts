import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import { outbox, type OutboxStatus } from '../db/schema/outbox'
import { users } from '../db/schema/users'
import {
  webhookAttempts,
  webhookEndpoints,
  type DeliveryRow,
  type EndpointWithOwner,
  type WebhookAttemptRow,
  type WebhookEndpointRow,
} from '../db/schema/webhooks'
import type { Db } from '../db/types'
import type { PayloadUserRow } from '../domain/webhooks'

export type { DeliveryRow, EndpointWithOwner }

/*
 * Webhook endpoints, their deliveries (outbox rows of channel 'webhook') and the attempts of each
 * (docs/webhooks.md).
 */

const ownerName = sql<string>`trim(${users.nameFirst} || ' ' || ${users.nameLast})`
// The endpoint's newest delivery: its status, when it was last tried (or queued) and its answer.
const lastDelivery = sql<{ status: OutboxStatus; at: string; code: number | null } | null>`(
  select json_build_object('status', o.status, 'at', coalesce(
      (select max(a.at) from ${webhookAttempts} a where a.delivery_id = o.id), o.created_at),
    'code', o.last_code)
  from ${outbox} o where o.endpoint_id = ${webhookEndpoints.id}
  order by o.id desc limit 1)`

async function selectEndpoints(db: Db, id?: string): Promise<EndpointWithOwner[]> {
  const rows = await db
    .select({
      endpoint: webhookEndpoints,
      ownerName,
      ownerEmail: users.email,
      last: lastDelivery,
    })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.ownerId))
    .where(id ? eq(webhookEndpoints.id, id) : undefined)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
  return rows.map((row) => ({
    ...row.endpoint,
    ownerName: row.ownerName || row.ownerEmail,
    ownerEmail: row.ownerEmail,
    last: row.last && { ...row.last, at: new Date(row.last.at) },
  }))
}

/** Every endpoint, newest first, with its owner and last delivery. */
export const listEndpoints = (db: Db) => selectEndpoints(db)

export async function findEndpoint(db: Db, id: string): Promise<EndpointWithOwner | undefined> {
  return (await selectEndpoints(db, id))[0]
}

/** The bare row, locked for the caller's transaction. */
export async function lockEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .for('update')
  return row
}

export async function endpointRow(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
  return row
}

export type NewEndpoint = Pick<
  WebhookEndpointRow,
  'url' | 'description' | 'events' | 'enabled' | 'secret' | 'secretHint' | 'ownerId'
> & { disabledReason: WebhookEndpointRow['disabledReason'] }

export async function insertEndpoint(db: Db, values: NewEndpoint): Promise<string> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values(values)
    .returning({ id: webhookEndpoints.id })
  if (!row) throw new Error('The endpoint was not stored.')
  return row.id
}

export type EndpointChange = Partial<
  Pick<
    WebhookEndpointRow,
    | 'url'
    | 'description'
    | 'events'
    | 'enabled'
    | 'disabledReason'
    | 'secret'
    | 'secretHint'
    | 'previousSecret'
    | 'previousUntil'
  >
>

export async function updateEndpoint(db: Db, id: string, change: EndpointChange) {
  await db
    .update(webhookEndpoints)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
}

/**
 * Turns an enabled endpoint off for failing; answers whether this call did it (two deliverers
 * giving up at once disable it once).
 */
export async function disableFailingEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id })
  return rows.length > 0
}

export async function deleteEndpoint(db: Db, id: string) {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id))
}

/** Cancels the endpoint's deliveries still to be made (not one being sent right now). */
export async function cancelOpenDeliveries(db: Db, endpointId: string): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: 'cancelled' })
    .where(and(eq(outbox.endpointId, endpointId), inArray(outbox.status, ['pending', 'failed'])))
    .returning({ id: outbox.id })
  return rows.length
}

/** The rows a payload describes: the subject user and the actor, by id. */
export async function payloadUsers(db: Db, ids: string[]): Promise<PayloadUserRow[]> {
  // Asked even without ids: a refused sign-in of an unknown user does the same work as a known
  // one's, so its timing tells nothing (docs/webhooks.md).
  return db
    .select({
      id: users.id,
      email: users.email,
      nameFirst: users.nameFirst,
      nameLast: users.nameLast,
      phone: users.phone,
      type: users.type,
      disabledAt: users.disabledAt,
      lockedAt: users.lockedAt,
      lockedUntil: users.lockedUntil,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(inArray(users.id, ids.length ? ids : [NIL_ID]))
}

const NIL_ID = '00000000-0000-0000-0000-000000000000'

export interface NewDelivery {
  endpointId: string
  url: string
  eventId: string
  eventType: string
  payload: string
}

/** Queues deliveries in the caller's transaction; answers their ids. */
export async function insertDeliveries(
  db: Db,
  deliveries: NewDelivery[],
  now = new Date(),
): Promise<string[]> {
  if (!deliveries.length) return []
  const rows = await db
    .insert(outbox)
    .values(
      deliveries.map((d) => ({
        channel: 'webhook' as const,
        to: d.url,
        subject: d.eventType,
        text: d.payload,
        status: 'pending' as const,
        nextAttemptAt: now,
        createdAt: now,
        endpointId: d.endpointId,
        eventId: d.eventId,
        eventType: d.eventType,
      })),
    )
    .returning({ id: outbox.id })
  return rows.map((row) => row.id)
}

const deliveryColumns = {
  id: outbox.id,
  channel: outbox.channel,
  to: outbox.to,
  subject: outbox.subject,
  text: outbox.text,
  status: outbox.status,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  endpointId: outbox.endpointId,
  eventId: outbox.eventId,
  eventType: outbox.eventType,
  lastCode: outbox.lastCode,
  lastDurationMs: outbox.lastDurationMs,
  responseExcerpt: outbox.responseExcerpt,
}

/** An endpoint's deliveries, newest first; one more than asked when more follow. */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  filter: { before?: string; status?: OutboxStatus },
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .select(deliveryColumns)
    .from(outbox)
    .where(
      and(
        eq(outbox.endpointId, endpointId),
        filter.before ? lt(outbox.id, filter.before) : undefined,
        filter.status ? eq(outbox.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(limit + 1)
}

export async function findDelivery(
  db: Db,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.endpointId, endpointId)))
  return row
}

/** A delivery's attempts, oldest first. */
export async function attemptsOf(db: Db, deliveryId: string): Promise<WebhookAttemptRow[]> {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(webhookAttempts.at, webhookAttempts.id)
}

export interface AttemptResult {
  at: Date
  code: number | null
  durationMs: number
  error: string | null
  responseExcerpt: string | null
}

/**
 * Records an attempt of a claimed delivery and its outcome: sent, failed (due again at
 * `nextAttemptAt`) or given up. Only a row still `sending` changes; answers whether it did.
 */
export async function recordAttempt(
  db: Db,
  id: string,
  attempt: AttemptResult,
  outcome: { status: 'sent' | 'failed' | 'given_up'; attempts: number; nextAttemptAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(outbox)
      .set({
        status: outcome.status,
        attempts: outcome.attempts,
        nextAttemptAt: outcome.nextAttemptAt,
        sentAt: outcome.status === 'sent' ? attempt.at : null,
        lastError: attempt.error,
        lastCode: attempt.code,
        lastDurationMs: attempt.durationMs,
        responseExcerpt: attempt.responseExcerpt,
      })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')))
      .returning({ id: outbox.id })
    if (!rows.length) return false
    await tx.insert(webhookAttempts).values({ deliveryId: id, ...attempt })
    return true
  })
}

/** Every sealed webhook secret (the key rotation seals them again). */
export async function allSealedWebhookSecrets(db: Db) {
  return db
    .select({
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
    })
    .from(webhookEndpoints)
}

export async function replaceSealedWebhookSecrets(
  db: Db,
  id: string,
  secret: string,
  previousSecret: string | null,
) {
  await db
    .update(webhookEndpoints)
    .set({ secret, previousSecret })
    .where(eq(webhookEndpoints.id, id))
}

/** A claimed delivery whose endpoint is gone: it will never be sent. */
export async function cancelClaimed(db: Db, id: string) {
  await db
    .update(outbox)
    .set({ status: 'cancelled' })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')))
}
