import {
  and,
  desc,
  eq,
  gt,
  gte,
  inArray,
  notInArray,
  lt,
  lte,
  ne,
  or,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { auditLog, type AuditOutcome } from '../db/schema/audit'
import { services } from '../db/schema/services'
import { users } from '../db/schema/users'
import type { Db } from '../db/types'
import { webhookEndpoints } from '../db/schema/webhooks'
import type { Viewer } from '../domain/user-visibility'
import { eventIdOf, eventTypeOf, personName, webhookPayload } from '../domain/webhooks'
import { v7 as uuidv7 } from 'uuid'
import { insertDeliveries, payloadUsers } from './webhooks'
import { userIdSeenBy } from './users'

/** The actions the audit log knows; sign-in steps are the ones the throttle counts. */
export const AuditAction = {
  signIn: 'login',
  signInCode: 'login.verify',
  codeSent: 'login.code_sent',
  lockout: 'account.locked',
  temporaryLockout: 'account.locked_temporarily',
  unlocked: 'account.unlocked',
  logout: 'logout',
  userCreated: 'user.created',
  userUpdated: 'user.updated',
  passwordChanged: 'user.password',
  sessionRevoked: 'session.revoked',
  sessionsExpired: 'session.expired',
  userSessionsRevoked: 'user.sessions_revoked',
  passwordResetRequested: 'password.reset_requested',
  passwordResetLink: 'password.reset_link',
  passwordReset: 'password.reset',
  serviceCreated: 'service.created',
  serviceUpdated: 'service.updated',
  serviceDeleted: 'service.deleted',
  serviceRestored: 'service.restored',
  attributeSaved: 'attribute.saved',
  attributeRemoved: 'attribute.removed',
  attributeReordered: 'attribute.reordered',
  attributeImported: 'attribute.imported',
  attributeImageUploaded: 'attribute.image_uploaded',
  /** Staff changed a user's type or permissions. */
  userAccess: 'user.access',
  /** Staff locked the account (the same action as the lockout; the actor tells them apart). */
  accountLocked: 'account.locked',
  accountDisabled: 'account.disabled',
  accountEnabled: 'account.enabled',
  userResetLink: 'user.reset_link',
  userMustChangePassword: 'user.must_change_password',
  userPasskeysRemoved: 'user.passkeys_removed',
  /** Staff gave a user a new address; it waits for its owner to confirm it. */
  userEmailPending: 'user.email_pending',
  /** The owner confirmed the address (or a bad link was refused: outcome failure). */
  userEmailVerified: 'user.email_verified',
  /** Single sign-on (docs/sso.md): detail {serviceId, serviceKey}; refusals carry detail.reason. */
  oidcAuthorize: 'oidc.authorize',
  oidcToken: 'oidc.token',
  oidcRefresh: 'oidc.refresh',
  oidcLogout: 'oidc.logout',
  oidcBackchannelLogout: 'oidc.backchannel_logout',
  oidcConsent: 'oidc.consent',
  serviceSecretCreated: 'service.secret_created',
  serviceSecretRevoked: 'service.secret_revoked',
  oidcKeysRotated: 'oidc.keys_rotated',
  /** The retention purge removed events older than AUDIT_RETENTION_DAYS. */
  auditPurged: 'audit.purged',
  /** Staff made an outbound message due now (re-arming one that gave up). */
  queueRetry: 'queue.retry',
  /** Staff cancelled an outbound message: it will not be sent. */
  queueCancel: 'queue.cancel',
  /** Second factors (docs/second-factors.md): detail {factor: 'authenticator'|'recovery codes', …}. */
  factorEnrolled: 'user.factor_enrolled',
  factorRemoved: 'user.factor_removed',
  recoveryCodesCreated: 'user.recovery_codes',
  recoveryCodeUsed: 'user.recovery_code_used',
  /** Staff reset a user's second factors. */
  factorsReset: 'user.factors_reset',
  mfaPolicyChanged: 'mfa.policy_changed',
  factorKeyRotated: 'factor.key_rotated',
  /** The access model (docs/access.md): detail names the role or group and its changes. */
  roleCreated: 'role.created',
  roleUpdated: 'role.updated',
  roleDeleted: 'role.deleted',
  groupCreated: 'group.created',
  groupUpdated: 'group.updated',
  groupDeleted: 'group.deleted',
  groupMembersAdded: 'group.members_added',
  groupMembersRemoved: 'group.members_removed',
  /** Staff changed a user's roles or groups: detail.changes {roles|groups: {before, after}}. */
  userRoles: 'user.roles',
  userGroups: 'user.groups',
  tokenCreated: 'token.created',
  tokenRevoked: 'token.revoked',
  /** Webhooks (docs/webhooks.md): detail {endpointId, url, …}. */
  webhookCreated: 'webhook.created',
  webhookUpdated: 'webhook.updated',
  webhookDeleted: 'webhook.deleted',
  webhookRotated: 'webhook.rotated',
  webhookReplayed: 'webhook.replayed',
  /** The server turned off an endpoint whose delivery failed for a day. */
  webhookDisabled: 'webhook.disabled',
} as const
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction]

const SIGN_IN_STEPS = [AuditAction.signIn, AuditAction.signInCode]

/** Where a request came from, as every audit row records it. */
export interface Client {
  ip: string
  userAgent: string
  /** The API token the request was made with, if any: its rows say so in detail.via. */
  apiToken?: { id: string; name: string }
}

export interface AuditEntry {
  action: AuditAction
  outcome: AuditOutcome
  actorUserId?: string | null
  subjectUserId?: string | null
  detail?: Record<string, unknown>
}

/** Told of each audit row as it is written (the metrics' user events count them). */
export type AuditObserver = (entry: AuditEntry) => void
const auditObservers = new Set<AuditObserver>()

/** Hears every audit row this process records from now on; answers how to stop hearing. */
export function observeAudit(observer: AuditObserver): () => void {
  auditObservers.add(observer)
  return () => void auditObservers.delete(observer)
}

/** Told of the webhook deliveries an audit row queued, to try them once their transaction commits. */
export type WebhookObserver = (deliveryIds: string[]) => void
const webhookObservers = new Set<WebhookObserver>()

/** Hears the deliveries every audit row of this process queues; answers how to stop hearing. */
export function observeWebhookDeliveries(observer: WebhookObserver): () => void {
  webhookObservers.add(observer)
  return () => void webhookObservers.delete(observer)
}

/** Tells the observers of deliveries queued outside recordAudit (a test event, a replay). */
export function tellWebhookDeliveries(ids: string[]) {
  if (!ids.length) return
  for (const observer of webhookObservers) {
    try {
      observer(ids)
    } catch {
      // Delivery is retried by the timer anyway.
    }
  }
}

/**
 * Records an audit row and, in the same statement, finds the enabled webhook endpoints that want
 * it (docs/webhooks.md): with none (most installations) that is all; otherwise one delivery per
 * endpoint is queued in the caller's transaction, so a rolled-back change sends nothing.
 */
export async function recordAudit(db: Db, client: Client, entry: AuditEntry, at = new Date()) {
  const id = uuidv7()
  const detail = client.apiToken
    ? { ...entry.detail, via: { tokenId: client.apiToken.id, tokenName: client.apiToken.name } }
    : (entry.detail ?? null)
  const type = eventTypeOf(entry.action, entry.outcome)
  type Matched = { endpoint_id: string | null; url: string | null }
  const result: unknown = await db.execute(sql`
    with row as (
      insert into ${auditLog} (id, at, ip, user_agent, action, outcome, actor_user_id,
        subject_user_id, detail)
      values (${id}, ${at.toISOString()}::timestamptz, ${client.ip}, ${client.userAgent},
        ${entry.action}, ${entry.outcome}, ${entry.actorUserId ?? null}::uuid,
        ${entry.subjectUserId ?? null}::uuid, ${detail === null ? null : JSON.stringify(detail)}::jsonb)
      returning id)
    select e.id as endpoint_id, e.url from row left join ${webhookEndpoints} e
      on e.enabled and (e.events @> '["*"]'::jsonb or e.events @> ${JSON.stringify([type])}::jsonb)`)
  // Both drivers answer a result with rows; the shared Db type does not say so.
  const endpoints = (result as { rows: Matched[] }).rows.filter(
    (row) => row.endpoint_id !== null && row.url !== null,
  )
  if (endpoints.length) {
    const ids = await queueEventDeliveries(
      db,
      type,
      {
        id,
        action: entry.action,
        outcome: entry.outcome,
        at,
        ip: client.ip,
        actorUserId: entry.actorUserId ?? null,
        subjectUserId: entry.subjectUserId ?? null,
        via: client.apiToken
          ? { tokenId: client.apiToken.id, tokenName: client.apiToken.name }
          : null,
        detail: entry.detail ?? null,
      },
      endpoints.map((row) => ({ id: row.endpoint_id!, url: row.url! })),
    )
    tellWebhookDeliveries(ids)
  }
  for (const observer of auditObservers) {
    try {
      observer(entry)
    } catch {
      // Counting must never fail the change it counts.
    }
  }
}

/** An event to deliver: an audit row, or a test event. */
export interface WebhookEvent {
  id: string
  action: string
  outcome: string
  at: Date
  ip: string
  actorUserId: string | null
  subjectUserId: string | null
  via: { tokenId: string; tokenName: string } | null
  detail: Record<string, unknown> | null
}

/** Queues one delivery of `event` as `type` per endpoint, with the users as they are now. */
export async function queueEventDeliveries(
  db: Db,
  type: string,
  event: WebhookEvent,
  endpoints: { id: string; url: string }[],
  now = new Date(),
): Promise<string[]> {
  const people = await payloadUsers(
    db,
    [event.actorUserId, event.subjectUserId].filter((v): v is string => v !== null),
  )
  const actor = people.find((p) => p.id === event.actorUserId)
  const subject = people.find((p) => p.id === event.subjectUserId) ?? null
  const payload = webhookPayload(
    type,
    {
      id: event.id,
      action: event.action,
      outcome: event.outcome,
      at: event.at,
      ip: event.ip,
      actor: actor ? { id: actor.id, name: personName(actor) } : null,
      via: event.via,
      detail: event.detail,
    },
    subject,
    now,
  )
  return insertDeliveries(
    db,
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      url: endpoint.url,
      eventId: eventIdOf(event.id),
      eventType: type,
      payload,
    })),
    now,
  )
}

/** The successful sign-in before the one that opened `sessionId` (at `openedAt`), or null. */
export async function previousSignIn(
  db: Db,
  userId: string,
  sessionId: string,
  openedAt: Date,
): Promise<{ at: Date; ip: string } | null> {
  const sessionOf = sql`${auditLog.detail} ->> 'sessionId'`
  const [row] = await db
    .select({ at: auditLog.at, ip: auditLog.ip })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectUserId, userId),
        inArray(auditLog.action, SIGN_IN_STEPS),
        eq(auditLog.outcome, 'success'),
        lte(auditLog.at, openedAt),
        or(isNull(sessionOf), ne(sessionOf, sessionId)),
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(1)
  return row ? { at: row.at, ip: row.ip ?? '' } : null
}

/**
 * Reset requests that were accepted (whatever the account), and links that did not work: reset
 * links and email confirmation links share one budget per client address.
 */
const counted = or(
  and(eq(auditLog.action, AuditAction.passwordResetRequested), eq(auditLog.outcome, 'success')),
  and(eq(auditLog.action, AuditAction.passwordResetLink), eq(auditLog.outcome, 'failure')),
  and(eq(auditLog.action, AuditAction.userEmailVerified), eq(auditLog.outcome, 'failure')),
)

/** Times of accepted reset requests for `email` since `since`, oldest first. */
export async function resetRequestsFor(db: Db, email: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, AuditAction.passwordResetRequested),
        eq(auditLog.outcome, 'success'),
        gt(auditLog.at, since),
        eq(sql`${auditLog.detail} ->> 'email'`, email),
      ),
    )
    .orderBy(auditLog.at)
  return rows.map((row) => row.at)
}

/** Times of accepted reset requests and failed link uses from `ip` since `since`, oldest first. */
export async function resetAttemptsFrom(db: Db, ip: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.ip, ip), gt(auditLog.at, since), counted))
    .orderBy(auditLog.at)
  return rows.map((row) => row.at)
}

/** Where the previous timeline page ended, in (at desc, id desc) order. */
export interface AuditAfter {
  at: Date
  id: string
}

/**
 * One page of what the audit log says about a user, newest first, with each actor's name, address
 * and type (null for an actor since removed). Answers one row more than asked when more follow.
 */
export async function auditAbout(db: Db, userId: string, after: AuditAfter | null, limit: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      outcome: auditLog.outcome,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      detail: auditLog.detail,
      actorId: auditLog.actorUserId,
      actorNameFirst: users.nameFirst,
      actorNameLast: users.nameLast,
      actorEmail: users.email,
      actorType: users.type,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.subjectUserId, userId),
        after
          ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1)
}

/** What Logs filters on (schema/logs.ts), checked and resolved: kinds as action names. */
export interface AuditFilter {
  from?: Date
  to?: Date
  actorId?: string
  subjectId?: string
  serviceId?: string
  actions?: string[]
  /** Actions left out (the system's own events when Logs hides them). */
  withoutActions?: readonly string[]
  outcome?: AuditOutcome
  ip?: string
}

/** A keyset position in (at desc, id desc) order; `at` as the database's exact text. */
export interface AuditPosition {
  at: string
  id: string
}

/** The service an event is about: `detail.serviceId` (indexed, with `at` and `id`). */
const serviceIdOf = sql`(${auditLog.detail} ->> 'serviceId')`

function auditWhere(
  viewer: Viewer,
  filter: AuditFilter,
  after: AuditPosition | null,
): SQL | undefined {
  return and(
    // Events about an account hidden from the viewer are not there for it; nor, asked for by
    // actor, are the doings of one.
    userIdSeenBy(viewer, auditLog.subjectUserId, 'logs.read'),
    filter.actorId ? userIdSeenBy(viewer, auditLog.actorUserId, 'logs.read') : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
    filter.actorId ? eq(auditLog.actorUserId, filter.actorId) : undefined,
    filter.subjectId ? eq(auditLog.subjectUserId, filter.subjectId) : undefined,
    filter.serviceId ? sql`${serviceIdOf} = ${filter.serviceId}` : undefined,
    filter.actions ? inArray(auditLog.action, filter.actions) : undefined,
    filter.withoutActions?.length
      ? notInArray(auditLog.action, [...filter.withoutActions])
      : undefined,
    filter.outcome ? eq(auditLog.outcome, filter.outcome) : undefined,
    filter.ip ? eq(auditLog.ip, filter.ip) : undefined,
    after
      ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined,
  )
}

const actors = alias(users, 'actor')
const subjects = alias(users, 'subject')

/**
 * One page of the audit log as `viewer` may see it, newest first by (at, id), filtered, with the
 * actor's and subject's names and the service's name joined (left joins: the trail outlives what
 * it names), and the actor's type. Answers one row more than asked when more follow. `atText` is
 * the exact time (microseconds) for the cursor.
 */
export function auditPage(
  db: Db,
  viewer: Viewer,
  filter: AuditFilter,
  after: AuditPosition | null,
  limit: number,
) {
  // The page is chosen first (the index does the order and the limit), then joined: 50 lookups.
  const page = db
    .select()
    .from(auditLog)
    .where(auditWhere(viewer, filter, after))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1)
    .as('page')
  return db
    .select({
      id: page.id,
      at: page.at,
      atText: sql<string>`to_char(${page.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      action: page.action,
      outcome: page.outcome,
      ip: page.ip,
      userAgent: page.userAgent,
      detail: page.detail,
      actorId: page.actorUserId,
      actorNameFirst: actors.nameFirst,
      actorNameLast: actors.nameLast,
      actorEmail: actors.email,
      actorType: actors.type,
      subjectId: page.subjectUserId,
      subjectNameFirst: subjects.nameFirst,
      subjectNameLast: subjects.nameLast,
      subjectEmail: subjects.email,
      serviceId: sql<string | null>`${page.detail} ->> 'serviceId'`,
      serviceKey: services.key,
      serviceName: services.name,
    })
    .from(page)
    .leftJoin(actors, eq(actors.id, page.actorUserId))
    .leftJoin(subjects, eq(subjects.id, page.subjectUserId))
    .leftJoin(services, sql`${services.id}::text = ${page.detail} ->> 'serviceId'`)
    .orderBy(desc(page.at), desc(page.id))
}
export type AuditPageRow = Awaited<ReturnType<typeof auditPage>>[number]

/**
 * Deletes up to `batch` events older than `before`; answers how many went. The caller repeats
 * until fewer than `batch` go, so that no single statement holds a long lock.
 */
export async function purgeAuditBatch(db: Db, before: Date, batch: number): Promise<number> {
  const doomed = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(lt(auditLog.at, before))
    .limit(batch)
  const deleted = await db
    .delete(auditLog)
    .where(inArray(auditLog.id, doomed))
    .returning({ id: auditLog.id })
  return deleted.length
}
