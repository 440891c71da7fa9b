import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import type { DisabledReason } from '../../../schema/webhooks'
import { at, id, stamps } from './columns'
import { outbox, type OutboxRow, type OutboxStatus } from './outbox'
import { users } from './users'

/*
 * Webhooks out (docs/webhooks.md). An endpoint's secret is sealed with the newest factor key
 * (server/domain/secret-box.ts), as authenticator secrets are; during a rotation the previous one
 * still signs until `previous_until`. Deliveries are outbox rows (channel 'webhook').
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    ...stamps(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** ['*'] or the event types. */
    events: jsonb('events').notNull().$type<string[]>(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<DisabledReason>(),
    secret: text('secret').notNull(),
    /** 'whsec_AbC…': what the console shows of the secret. */
    secretHint: text('secret_hint').notNull(),
    previousSecret: text('previous_secret'),
    previousUntil: at('previous_until'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('webhook_endpoints_enabled_idx').on(t.enabled)],
)
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect

/** Every attempt of a delivery: its answer's code, duration and start, or why it failed. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    code: integer('code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
)
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect

/** An endpoint as lists read it: with its owner's name and its newest delivery. */
export type EndpointWithOwner = WebhookEndpointRow & {
  ownerName: string
  ownerEmail: string
  last: { status: OutboxStatus; at: Date; code: number | null } | null
}

/** A delivery as the log reads it (an outbox row of channel 'webhook'). */
export type DeliveryRow = Omit<OutboxRow, 'html'>
