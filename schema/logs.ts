import Type, { type Static } from 'typebox'
import { Id, LiteralUnion, Timestamp } from './common'
import { ActionKinds, Outcomes, type ActionKind as ActionKindName } from './log-kinds'
import { AuditPerson } from './users'

/*
 * The Logs API (docs/logs.md): every audit event, newest first, keyset-paged on (at, id), with
 * filters; the same filters export CSV. Both take logs.read.
 */

export {
  ACTION_KINDS,
  ACTION_KIND_WORDS,
  ActionKinds,
  Outcomes,
  actionsOfKinds,
  kindOfAction,
  SYSTEM_ACTIONS,
} from './log-kinds'

export type ActionKind = ActionKindName
export const ActionKind = LiteralUnion(ActionKinds as unknown as ['sign-in'])

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
  /** 'hide': leave out what the server records on its own (SYSTEM_ACTIONS); 'show', the default, keeps it. */
  system: Type.Optional(Type.Union([Type.Literal('hide'), Type.Literal('show')])),
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
