import Type, { type Static } from 'typebox'
import { Id, LiteralUnion, Timestamp } from './common'
import { AuditPerson } from './users'

/*
 * The Logs API (docs/logs.md): every audit event, newest first, keyset-paged on (at, id), with
 * filters; the same filters export CSV. Both take logs.read.
 */

/**
 * Action kinds: the groups the Logs filter offers, each a list of the audit action names the
 * server records (server/repos/audit.ts AuditAction; OpenID Connect's `oidc.*`).
 */
export const ACTION_KINDS = {
  'sign-in': ['login', 'login.verify', 'login.code_sent', 'logout', 'account.locked_temporarily'],
  password: [
    'user.password',
    'password.reset_requested',
    'password.reset_link',
    'password.reset',
    'user.reset_link',
    'user.must_change_password',
  ],
  users: [
    'user.created',
    'user.updated',
    'user.access',
    'account.locked',
    'account.unlocked',
    'account.disabled',
    'account.enabled',
    'user.passkeys_removed',
    'user.email_pending',
    'user.email_verified',
  ],
  services: ['service.created', 'service.updated', 'service.deleted', 'service.restored'],
  attributes: [
    'attribute.saved',
    'attribute.removed',
    'attribute.reordered',
    'attribute.imported',
    'attribute.image_uploaded',
  ],
  sessions: ['session.revoked', 'session.expired', 'user.sessions_revoked', 'audit.purged'],
  queue: ['queue.retry', 'queue.cancel'],
  oidc: [
    'oidc.authorize',
    'oidc.token',
    'oidc.refresh',
    'oidc.logout',
    'oidc.backchannel_logout',
    'oidc.consent',
  ],
} as const satisfies Record<string, readonly string[]>

export type ActionKind = keyof typeof ACTION_KINDS
export const ActionKinds = Object.keys(ACTION_KINDS) as ActionKind[]
export const ActionKind = LiteralUnion(ActionKinds as unknown as ['sign-in'])

/** What the filter's kinds read as. */
export const ACTION_KIND_WORDS: Record<ActionKind, string> = {
  'sign-in': 'Sign-in',
  password: 'Password',
  users: 'Users admin',
  services: 'Services',
  attributes: 'Attributes',
  sessions: 'Sessions',
  queue: 'Queue',
  oidc: 'OpenID Connect',
}

export const Outcomes = ['success', 'failure', 'refused'] as const
export const Outcome = LiteralUnion(Outcomes)
export type Outcome = Static<typeof Outcome>

/** The filters of GET /v1/logs and GET /v1/logs.csv; every one optional, all of them ANDed. */
export const LogFilterFields = {
  /** Events at or after this time. */
  from: Type.Optional(Timestamp),
  /** Events before this time. */
  to: Type.Optional(Timestamp),
  /** Who did it. */
  actor: Type.Optional(Id),
  /** Whom it was about. */
  user: Type.Optional(Id),
  /** The service it was about (detail.serviceId). */
  service: Type.Optional(Id),
  /** Action kinds, comma-separated (`sign-in,password`). */
  kinds: Type.Optional(Type.String({ maxLength: 200, pattern: '^[a-z-]+(,[a-z-]+)*$' })),
  outcome: Type.Optional(Outcome),
  /** The client address, exactly. */
  ip: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z.:%-]+$' })),
}

export const LogsQuery = Type.Object(
  {
    ...LogFilterFields,
    before: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
)
export type LogsQuery = Static<typeof LogsQuery>

export const LogsCsvQuery = Type.Object(LogFilterFields, { additionalProperties: false })
export type LogsCsvQuery = Static<typeof LogsCsvQuery>
export type LogFilters = LogsCsvQuery

/** The service an event was about, with its current name (null fields when since removed). */
export const LogService = Type.Object({
  id: Type.String(),
  key: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
})
export type LogService = Static<typeof LogService>

/** One audit event as Logs shows it: the timeline's event, with whom and which service it was about. */
export const LogEvent = Type.Object({
  id: Id,
  at: Timestamp,
  action: Type.String(),
  outcome: Outcome,
  actor: Type.Union([AuditPerson, Type.Null()]),
  subject: Type.Union([AuditPerson, Type.Null()]),
  service: Type.Union([LogService, Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
})
export type LogEvent = Static<typeof LogEvent>

export const LogsResults = Type.Object({
  events: Type.Array(LogEvent),
  /** Pass as `before` for the next (older) page; null when there is none. */
  cursor: Type.Union([Type.String(), Type.Null()]),
})
export type LogsResults = Static<typeof LogsResults>

/** The action names of the given kinds (unknown kinds name none). */
export function actionsOfKinds(kinds: readonly string[]): string[] {
  return kinds.flatMap((kind) =>
    kind in ACTION_KINDS ? [...ACTION_KINDS[kind as ActionKind]] : [],
  )
}

/** The kind an action belongs to, or null. */
export function kindOfAction(action: string): ActionKind | null {
  for (const kind of ActionKinds)
    if ((ACTION_KINDS[kind] as readonly string[]).includes(action)) return kind
  return null
}
