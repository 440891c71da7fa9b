import { v7 as uuidv7 } from 'uuid'
import { ErrorCode } from '../../schema/errors'
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST,
  type DeliveriesQuery,
  type DeliveriesResults,
  type DeliveryDetailResults,
  type NewWebhook,
  type WebhookChange,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../schema/webhooks'
import type { UserRow } from '../db/schema/users'
import {
  eventsProblem,
  newSecret,
  normalizeUrl,
  ROTATION_OVERLAP_MS,
  secretHint,
  uniqueEvents,
  urlProblem,
} from '../domain/webhooks'
import { ApiError, conflict, unprocessable } from '../errors'
import { toWebhookAttempt, toWebhookDelivery, toWebhookEndpoint } from '../presenters/webhooks'
import {
  AuditAction,
  queueEventDeliveries,
  recordAudit,
  tellWebhookDeliveries,
} from '../repos/audit'
import * as repo from '../repos/webhooks'
import type { UseCaseContext } from './context'
import { sealFactorSecret } from './factor-secrets'

/*
 * Webhook endpoints (docs/webhooks.md): INTERNAL staff with webhooks.write (checked by the
 * routes). Every change is audited in its transaction; the secret is answered only when made.
 */

const notFound = () => new ApiError(ErrorCode.notFound, 'There is no such webhook endpoint.')

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/

function checkedUrl(ctx: UseCaseContext, url: string): string {
  const problem = urlProblem(url, ctx.config.webhookPrivateTargets === true)
  if (problem) throw unprocessable(problem)
  return normalizeUrl(url)
}

function checkedEvents(events: readonly string[]): string[] {
  const problem = eventsProblem(events)
  if (problem) throw unprocessable(problem)
  return uniqueEvents(events)
}

function checkedDescription(description: string): string {
  if (CONTROL.test(description))
    throw unprocessable('Remove the control characters from the description.')
  const trimmed = description.trim()
  if (trimmed.length > WEBHOOK_LIMITS.descriptionMax)
    throw unprocessable(WEBHOOK_MESSAGES.descriptionTooLong)
  return trimmed
}

async function answer(ctx: UseCaseContext, id: string): Promise<WebhookEndpoint> {
  const row = await repo.findEndpoint(ctx.db, id)
  if (!row) throw notFound()
  return toWebhookEndpoint(row)
}

export async function listWebhooks(ctx: UseCaseContext): Promise<WebhookEndpoint[]> {
  const now = new Date()
  return (await repo.listEndpoints(ctx.db)).map((row) => toWebhookEndpoint(row, now))
}

export const getWebhook = (ctx: UseCaseContext, id: string) => answer(ctx, id)

export async function createWebhook(
  ctx: UseCaseContext,
  actor: UserRow,
  body: NewWebhook,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = checkedUrl(ctx, body.url)
  const events = checkedEvents(body.events)
  const description = checkedDescription(body.description)
  const enabled = body.enabled ?? true
  const secret = newSecret()
  const id = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertEndpoint(tx, {
      url,
      description,
      events,
      enabled,
      disabledReason: enabled ? null : 'staff',
      secret: await sealFactorSecret(tx, secret),
      secretHint: secretHint(secret),
      ownerId: actor.id,
    })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.webhookCreated,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { endpointId: id, url, events, enabled },
    })
    return id
  })
  return { endpoint: await answer(ctx, id), secret }
}

export async function changeWebhook(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  body: WebhookChange,
): Promise<WebhookEndpoint> {
  const url = body.url === undefined ? undefined : checkedUrl(ctx, body.url)
  const events = body.events === undefined ? undefined : checkedEvents(body.events)
  const description =
    body.description === undefined ? undefined : checkedDescription(body.description)
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockEndpoint(tx, id)
    if (!before) throw notFound()
    const change: repo.EndpointChange = {
      ...(url === undefined ? {} : { url }),
      ...(events === undefined ? {} : { events }),
      ...(description === undefined ? {} : { description }),
      ...(body.enabled === undefined
        ? {}
        : { enabled: body.enabled, disabledReason: body.enabled ? null : 'staff' }),
    }
    const changes: Record<string, { before: unknown; after: unknown }> = {}
    if (url !== undefined && url !== before.url) changes.url = { before: before.url, after: url }
    if (description !== undefined && description !== before.description)
      changes.description = { before: before.description, after: description }
    if (events !== undefined && JSON.stringify(events) !== JSON.stringify(before.events))
      changes.events = { before: before.events, after: events }
    if (body.enabled !== undefined && body.enabled !== before.enabled)
      changes.enabled = { before: before.enabled, after: body.enabled }
    await repo.updateEndpoint(tx, id, change)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.webhookUpdated,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { endpointId: id, url: url ?? before.url, changes },
    })
  })
  return answer(ctx, id)
}

/** Deletes the endpoint; its deliveries still to be made are cancelled (they stay as history). */
export async function deleteWebhook(ctx: UseCaseContext, actor: UserRow, id: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockEndpoint(tx, id)
    if (!before) throw notFound()
    const cancelled = await repo.cancelOpenDeliveries(tx, id)
    await repo.deleteEndpoint(tx, id)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.webhookDeleted,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { endpointId: id, url: before.url, count: cancelled },
    })
  })
}

/** A new secret; the previous one keeps signing (a second signature) for 24 hours. */
export async function rotateWebhookSecret(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const secret = newSecret()
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockEndpoint(tx, id)
    if (!before) throw notFound()
    const until = new Date(Date.now() + ROTATION_OVERLAP_MS)
    await repo.updateEndpoint(tx, id, {
      secret: await sealFactorSecret(tx, secret),
      secretHint: secretHint(secret),
      previousSecret: before.secret,
      previousUntil: until,
    })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.webhookRotated,
      outcome: 'success',
      actorUserId: actor.id,
      detail: { endpointId: id, url: before.url, until: until.toISOString() },
    })
  })
  return { endpoint: await answer(ctx, id), secret }
}

/** Queues a webhook.test event for this endpoint only (409 while it is disabled). */
export async function testWebhook(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
): Promise<WebhookDelivery> {
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const endpoint = await repo.lockEndpoint(tx, id)
    if (!endpoint) throw notFound()
    if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.disabled)
    const [queued] = await queueEventDeliveries(
      tx,
      WEBHOOK_TEST,
      {
        id: uuidv7(),
        action: WEBHOOK_TEST,
        outcome: 'success',
        at: new Date(),
        ip: ctx.client.ip,
        actorUserId: actor.id,
        subjectUserId: null,
        via: ctx.client.apiToken
          ? { tokenId: ctx.client.apiToken.id, tokenName: ctx.client.apiToken.name }
          : null,
        detail: { endpointId: id },
      },
      [{ id: endpoint.id, url: endpoint.url }],
    )
    return queued!
  })
  tellWebhookDeliveries([deliveryId])
  return deliveryAnswer(ctx, id, deliveryId)
}

async function deliveryAnswer(ctx: UseCaseContext, endpointId: string, id: string) {
  const row = await repo.findDelivery(ctx.db, endpointId, id)
  if (!row) throw new ApiError(ErrorCode.notFound, 'There is no such delivery.')
  return toWebhookDelivery(row)
}

/** A new delivery of the same event (same webhook-id; a fresh timestamp and signature). */
export async function replayDelivery(
  ctx: UseCaseContext,
  actor: UserRow,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const id = await ctx.db.transaction(async (tx) => {
    const endpoint = await repo.lockEndpoint(tx, endpointId)
    if (!endpoint) throw notFound()
    const original = await repo.findDelivery(tx, endpointId, deliveryId)
    if (!original) throw new ApiError(ErrorCode.notFound, 'There is no such delivery.')
    const [queued] = await repo.insertDeliveries(tx, [
      {
        endpointId,
        url: endpoint.url,
        eventId: original.eventId ?? '',
        eventType: original.eventType ?? '',
        payload: original.text,
      },
    ])
    await recordAudit(tx, ctx.client, {
      action: AuditAction.webhookReplayed,
      outcome: 'success',
      actorUserId: actor.id,
      detail: {
        endpointId,
        url: endpoint.url,
        deliveryId: queued!,
        eventType: original.eventType ?? '',
      },
    })
    return queued!
  })
  tellWebhookDeliveries([id])
  return deliveryAnswer(ctx, endpointId, id)
}

export async function listWebhookDeliveries(
  ctx: UseCaseContext,
  endpointId: string,
  query: DeliveriesQuery,
): Promise<DeliveriesResults> {
  if (!(await repo.endpointRow(ctx.db, endpointId))) throw notFound()
  const limit = query.limit ?? WEBHOOK_LIMITS.deliveriesPageDefault
  const rows = await repo.listDeliveries(
    ctx.db,
    endpointId,
    {
      ...(query.before ? { before: query.before } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
    limit,
  )
  return { deliveries: rows.slice(0, limit).map(toWebhookDelivery), more: rows.length > limit }
}

export async function getWebhookDelivery(
  ctx: UseCaseContext,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryDetailResults> {
  if (!(await repo.endpointRow(ctx.db, endpointId))) throw notFound()
  const delivery = await deliveryAnswer(ctx, endpointId, deliveryId)
  const attempts = await repo.attemptsOf(ctx.db, deliveryId)
  return { delivery, attempts: attempts.map(toWebhookAttempt) }
}
