import Type, { type Static } from 'typebox'
import { Id, Timestamp } from './common'
import { Permission, UserType } from './permissions'
import { LIMITS } from './rules'
import { User } from './user'

/*
 * The Users administration API (docs/users.md). Reads take users.read, changes users.write; every
 * change is audited with actor, subject and before/after, and reaches other consoles by the change
 * feed (the users collection). Single-user actions answer `results.user` like the profile editors.
 */

const Name = Type.String({ minLength: 1, maxLength: LIMITS.nameMax })

/** POST /v1/users: a new account; its owner gets an invitation mail with a set-password link. */
export const InviteBody = Type.Object(
  {
    nameFirst: Name,
    nameLast: Name,
    email: Type.String({ format: 'email', maxLength: LIMITS.emailMax }),
    /** Ten bare digits, or null. */
    phone: Type.Union([Type.String({ pattern: '^\\d{10}$' }), Type.Null()]),
    type: UserType,
    permissions: Type.Array(Permission, { maxItems: 64, uniqueItems: true }),
  },
  { additionalProperties: false },
)
export type InviteBody = Static<typeof InviteBody>

/** PUT /v1/user/:id/access: what the user is and may do. */
export const AccessBody = Type.Object(
  {
    type: UserType,
    permissions: Type.Array(Permission, { maxItems: 64, uniqueItems: true }),
  },
  { additionalProperties: false },
)
export type AccessBody = Static<typeof AccessBody>

/** The answer of every single-user action. */
export const UserAnswer = Type.Object({ user: User })
export type UserAnswer = Static<typeof UserAnswer>

/**
 * The single-user actions: `POST /v1/user/:id/<action>` (no body), each answering results.user.
 * Unlock (which sends the reset mail of SPEC.md's 802 message) also answers `unlocked`.
 */
export const UserActions = [
  'lock',
  'unlock',
  'disable',
  'enable',
  'reset-link',
  'require-password-change',
] as const
export type UserAction = (typeof UserActions)[number]

/** The bulk actions: `POST /v1/users/<action>` with BulkBody. */
export const BulkActions = [
  'lock',
  'unlock',
  'disable',
  'enable',
  'revoke-sessions',
  'require-password-change',
] as const
export type BulkAction = (typeof BulkActions)[number]
export const BulkActionParams = Type.Object({
  action: Type.Union(BulkActions.map((action) => Type.Literal(action))),
})

/** Ids per bulk request; the console sends a larger selection in several. */
export const BULK_MAX = 1000

export const BulkBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true }) },
  { additionalProperties: false },
)
export type BulkBody = Static<typeof BulkBody>

/** What a bulk action did: the ids it changed, and each one it refused with the reason in words. */
export const BulkResults = Type.Object({
  done: Type.Array(Id),
  refused: Type.Array(Type.Object({ id: Id, reason: Type.String() })),
})
export type BulkResults = Static<typeof BulkResults>

/** DELETE /v1/user/:id/passkeys: every passkey of the user removed. */
export const PasskeysRemovedResults = Type.Object({
  user: User,
  removed: Type.Integer({ minimum: 0 }),
})
export type PasskeysRemovedResults = Static<typeof PasskeysRemovedResults>

/** Someone named in the timeline, as the console shows them; null fields for a user since removed. */
export const AuditPerson = Type.Object({
  id: Id,
  nameFirst: Type.Union([Type.String(), Type.Null()]),
  nameLast: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
})
export type AuditPerson = Static<typeof AuditPerson>

/** One audit event about a user: sign-ins and failures, locks, resets, staff changes. */
export const AuditEvent = Type.Object({
  id: Id,
  at: Timestamp,
  /** The audit action, e.g. `login`, `account.locked`, `user.updated` (server/repos/audit.ts). */
  action: Type.String(),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('refused')]),
  actor: Type.Union([AuditPerson, Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  /**
   * What the event recorded. Staff changes carry `changes: {field: {before, after}}`; failures carry
   * `reason` or `code`.
   */
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
})
export type AuditEvent = Static<typeof AuditEvent>

/** GET /v1/user/:id/timeline?before=<cursor>&limit=<n>: newest first, keyset-paged. */
export const TimelineQuery = Type.Object(
  {
    before: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
)
export type TimelineQuery = Static<typeof TimelineQuery>

export const TimelineResults = Type.Object({
  events: Type.Array(AuditEvent),
  /** Pass as `before` for the next (older) page; null when there is none. */
  cursor: Type.Union([Type.String(), Type.Null()]),
})
export type TimelineResults = Static<typeof TimelineResults>

/** POST /v1/email-verification/:token (no sign-in): the owner confirms the address staff gave. */
export const EmailVerificationParams = Type.Object({
  token: Type.String({ minLength: 16, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
})
export const EmailVerificationResults = Type.Object({ email: Type.String() })
export type EmailVerificationResults = Static<typeof EmailVerificationResults>
