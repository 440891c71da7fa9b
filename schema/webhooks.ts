import Type, { type Static } from 'typebox'
import { Id, LiteralUnion, Timestamp } from './common'
import { ACTION_KINDS, ACTION_KIND_WORDS, ActionKinds } from './log-kinds'

/*
 * Webhooks out (issue 33, docs/webhooks.md): endpoints that receive the audit events as signed
 * Standard Webhooks deliveries through the Queue. INTERNAL staff with webhooks.write only.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()])

/** A sign-in step (login, login.verify) that failed or was refused. */
export const LOGIN_FAILED = 'login.failed'
/** The event "Send test event" queues for one endpoint. */
export const WEBHOOK_TEST = 'webhook.test'

/** Every event type an endpoint may ask for: the audit actions, sign-in failures and the test. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = [
  ...ActionKinds.flatMap((kind) => [...ACTION_KINDS[kind]]),
  LOGIN_FAILED,
  WEBHOOK_TEST,
]

/** What each event type means, in a short line for the console's event picker. */
export const WEBHOOK_EVENT_WORDS: Record<string, string> = {
  login: 'A sign-in step succeeded',
  'login.verify': 'A security code was accepted at sign-in',
  'login.code_sent': 'A sign-in security code was sent',
  logout: 'Someone signed out',
  'account.locked_temporarily': 'An account was locked for a while after wrong passwords',
  [LOGIN_FAILED]: 'A sign-in step failed or was refused',
  'user.password': 'A password was changed',
  'password.reset_requested': 'A password reset was requested',
  'password.reset_link': 'A password reset link was opened',
  'password.reset': 'A password was reset',
  'user.reset_link': 'Staff sent a password reset link',
  'user.must_change_password': 'Staff required a password change',
  'user.created': 'A user was added',
  'user.updated': 'A user’s details were changed',
  'user.access': 'A user’s type or permissions were changed',
  'account.locked': 'An account was locked',
  'account.unlocked': 'An account was unlocked',
  'account.disabled': 'An account was disabled',
  'account.enabled': 'An account was enabled',
  'user.passkeys_removed': 'A user’s passkeys were removed',
  'user.email_pending': 'A new email address waits for its owner to confirm it',
  'user.email_verified': 'A new email address was confirmed',
  'service.created': 'A service was added',
  'service.updated': 'A service was changed',
  'service.deleted': 'A service was deleted',
  'service.restored': 'A service was restored',
  'attribute.saved': 'An attribute was saved',
  'attribute.removed': 'An attribute was removed',
  'attribute.reordered': 'Attributes were reordered',
  'attribute.imported': 'Attributes were imported',
  'attribute.image_uploaded': 'An attribute image was uploaded',
  'session.revoked': 'A session was revoked',
  'session.expired': 'Sessions expired',
  'user.sessions_revoked': 'All of a user’s sessions were revoked',
  'audit.purged': 'Old audit events were purged',
  'queue.retry': 'Staff retried a queued message',
  'queue.cancel': 'Staff cancelled a queued message',
  'role.created': 'A role was created',
  'role.updated': 'A role was changed',
  'role.deleted': 'A role was deleted',
  'group.created': 'A group was created',
  'group.updated': 'A group was changed',
  'group.deleted': 'A group was deleted',
  'group.members_added': 'Users were added to a group',
  'group.members_removed': 'Users were removed from a group',
  'user.roles': 'A user’s roles were changed',
  'user.groups': 'A user’s groups were changed',
  'token.created': 'An API token was created',
  'token.revoked': 'An API token was revoked',
  'oidc.authorize': 'A service asked to sign someone in',
  'oidc.token': 'A service exchanged a code for tokens',
  'oidc.refresh': 'A service refreshed its tokens',
  'oidc.logout': 'A service signed someone out',
  'oidc.backchannel_logout': 'A service was told of a sign-out',
  'oidc.consent': 'Someone answered a service’s consent request',
  'webhook.created': 'A webhook endpoint was added',
  'webhook.updated': 'A webhook endpoint was changed',
  'webhook.deleted': 'A webhook endpoint was deleted',
  'webhook.rotated': 'A webhook endpoint’s secret was rotated',
  'webhook.replayed': 'A webhook delivery was replayed',
  'webhook.disabled': 'A failing webhook endpoint was disabled',
  [WEBHOOK_TEST]: 'A test event (Send test event)',
}

/** The event types by the Logs kinds, for the console's picker; the test event stands alone. */
export const WEBHOOK_EVENT_GROUPS: readonly { kind: string; label: string; events: string[] }[] =
  ActionKinds.map((kind) => ({
    kind,
    label: ACTION_KIND_WORDS[kind],
    events: kind === 'sign-in' ? [...ACTION_KINDS[kind], LOGIN_FAILED] : [...ACTION_KINDS[kind]],
  }))

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  descriptionMax: 200,
  eventsMax: 100,
  deliveriesPageMax: 100,
  deliveriesPageDefault: 50,
  excerptMax: 500,
} as const

/** Messages the server answers (422, code 1001) and the console shows as they are. */
export const WEBHOOK_MESSAGES = {
  urlMissing: 'Enter a web address.',
  urlInvalid: 'Enter a web address.',
  urlHttps: 'Use an https:// address.',
  urlPrivate: 'Private and loopback addresses are not allowed here.',
  urlCredentials: 'Leave user names and passwords out of the address.',
  urlTooLong: `Use an address of at most ${WEBHOOK_LIMITS.urlMax} characters.`,
  eventsEmpty: 'Choose at least one event.',
  eventsUnknown: 'Choose events from the list.',
  descriptionTooLong: `Keep the description to ${WEBHOOK_LIMITS.descriptionMax} characters.`,
  disabled: 'Enable the endpoint before sending it a test event.',
} as const

export const DeliveryStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
  'given_up',
  'cancelled',
] as const
export const DeliveryStatus = LiteralUnion(DeliveryStatuses)
export type DeliveryStatus = Static<typeof DeliveryStatus>

export const DisabledReasons = ['failing', 'staff'] as const
export type DisabledReason = (typeof DisabledReasons)[number]

/** An endpoint as the console lists it; its secret is never here (only its first characters). */
export const WebhookEndpoint = Type.Object({
  id: Id,
  url: Type.String(),
  description: Type.String(),
  /** ['*'] (everything) or the event types it receives. */
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** Why it is off: 'failing' (the server, after failing for a day) or 'staff'; null when on. */
  disabledReason: Nullable(LiteralUnion(DisabledReasons)),
  /** 'whsec_AbC…' */
  secretHint: Type.String(),
  /** While the previous secret still signs (both signatures are sent). */
  rotation: Nullable(Type.Object({ until: Timestamp })),
  ownerId: Id,
  ownerName: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  lastDelivery: Nullable(
    Type.Object({ status: DeliveryStatus, at: Timestamp, code: Nullable(Type.Integer()) }),
  ),
})
export type WebhookEndpoint = Static<typeof WebhookEndpoint>

/** One delivery of one event to one endpoint (a Queue message). */
export const WebhookDelivery = Type.Object({
  id: Id,
  endpointId: Id,
  /** The webhook-id header, 'msg_…': the same on a replay. */
  eventId: Type.String(),
  eventType: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer(),
  nextAttemptAt: Nullable(Timestamp),
  createdAt: Timestamp,
  sentAt: Nullable(Timestamp),
  lastCode: Nullable(Type.Integer()),
  lastDurationMs: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  /** The start of the last answer's body, at most 500 characters. */
  responseExcerpt: Nullable(Type.String()),
})
export type WebhookDelivery = Static<typeof WebhookDelivery>

export const WebhookAttempt = Type.Object({
  at: Timestamp,
  code: Nullable(Type.Integer()),
  durationMs: Type.Integer(),
  error: Nullable(Type.String()),
  responseExcerpt: Nullable(Type.String()),
})
export type WebhookAttempt = Static<typeof WebhookAttempt>

// The URL and events are checked by the server with the messages above (a string here, so that a
// bad address answers the rule it breaks rather than a schema error).
const Url = Type.String({ maxLength: 10_000 })
// Longer than the limit, so that a long description answers its rule (422), not a schema error.
const Description = Type.String({ maxLength: 1_000 })
const Events = Type.Array(Type.String({ maxLength: 100 }), { maxItems: WEBHOOK_LIMITS.eventsMax })

/** POST /v1/webhooks */
export const NewWebhook = Type.Object(
  {
    url: Url,
    description: Description,
    events: Events,
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type NewWebhook = Static<typeof NewWebhook>

/** PATCH /v1/webhooks/:id — any of the fields; the others stay. */
export const WebhookChange = Type.Object(
  {
    url: Type.Optional(Url),
    description: Type.Optional(Description),
    events: Type.Optional(Events),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type WebhookChange = Static<typeof WebhookChange>

export const WebhookParams = Type.Object({ id: Id })
export const DeliveryParams = Type.Object({ id: Id, deliveryId: Id })

/** GET /v1/webhooks/:id/deliveries?before=&limit=&status= */
export const DeliveriesQuery = Type.Object(
  {
    before: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: WEBHOOK_LIMITS.deliveriesPageMax })),
    status: Type.Optional(DeliveryStatus),
  },
  { additionalProperties: false },
)
export type DeliveriesQuery = Static<typeof DeliveriesQuery>

export const WebhooksResults = Type.Object({ endpoints: Type.Array(WebhookEndpoint) })
export type WebhooksResults = Static<typeof WebhooksResults>
export const WebhookResults = Type.Object({ endpoint: WebhookEndpoint })
export type WebhookResults = Static<typeof WebhookResults>
/** The secret, 'whsec_' + base64 of 32 bytes: answered only at creation and rotation. */
export const WebhookSecretResults = Type.Object({
  endpoint: WebhookEndpoint,
  secret: Type.String(),
})
export type WebhookSecretResults = Static<typeof WebhookSecretResults>
export const DeliveryResults = Type.Object({ delivery: WebhookDelivery })
export type DeliveryResults = Static<typeof DeliveryResults>
export const DeliveriesResults = Type.Object({
  deliveries: Type.Array(WebhookDelivery),
  more: Type.Boolean(),
})
export type DeliveriesResults = Static<typeof DeliveriesResults>
export const DeliveryDetailResults = Type.Object({
  delivery: WebhookDelivery,
  attempts: Type.Array(WebhookAttempt),
})
export type DeliveryDetailResults = Static<typeof DeliveryDetailResults>

/** The subject user of an event as the payload carries it (a whitelist: never secrets). */
export const WebhookUser = Type.Object({
  id: Id,
  email: Type.String(),
  nameFirst: Type.String(),
  nameLast: Type.String(),
  phone: Nullable(Type.String()),
  type: Type.String(),
  active: Type.Boolean(),
  locked: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type WebhookUser = Static<typeof WebhookUser>

/** The JSON body of every delivery (Standard Webhooks: type, timestamp, data). */
export const WebhookPayload = Type.Object({
  type: Type.String(),
  timestamp: Timestamp,
  data: Type.Object({
    event: Type.Object({
      /** The audit row's id (a test event has its own). */
      id: Id,
      action: Type.String(),
      outcome: Type.String(),
      at: Timestamp,
      ip: Type.String(),
      actor: Nullable(Type.Object({ id: Id, name: Type.String() })),
      via: Nullable(Type.Object({ tokenId: Type.String(), tokenName: Type.String() })),
      detail: Type.Record(Type.String(), Type.Unknown()),
    }),
    user: Nullable(WebhookUser),
  }),
})
export type WebhookPayload = Static<typeof WebhookPayload>
