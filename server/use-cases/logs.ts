import { logText, failureReason } from '../../schema/audit-text'
import { csvLine } from '../../schema/csv'
import { ErrorCode } from '../../schema/errors'
import {
  ActionKinds,
  actionsOfKinds,
  kindOfAction,
  type LogEvent,
  type LogFilters,
  type LogsQuery,
  type LogsResults,
  SYSTEM_ACTIONS,
} from '../../schema/logs'
import { decodeListCursor, encodeListCursor } from '../domain/list-cursor'
import { maySeeUser, type Viewer } from '../domain/user-visibility'
import { ApiError } from '../errors'
import { auditPage, type AuditFilter, type AuditPageRow, type AuditPosition } from '../repos/audit'
import type { UseCaseContext } from './context'

export const LOGS_PAGE = 50
/** Rows per keyset read of the CSV export: big enough to be quick, small enough to stream. */
export const CSV_BATCH = 2000

const invalid = (message: string) => new ApiError(ErrorCode.validation, message)

/** The query's filters as the repository takes them; 400 for a kind it does not know. */
export function auditFilter(query: LogFilters): AuditFilter {
  const kinds = query.kinds?.split(',')
  const unknown = kinds?.find((kind) => !(ActionKinds as string[]).includes(kind))
  if (unknown) throw invalid(`There is no action kind '${unknown}'.`)
  const from = query.from ? new Date(query.from) : undefined
  const to = query.to ? new Date(query.to) : undefined
  if (from && to && from > to) throw invalid("'from' is after 'to'.")
  return {
    from,
    to,
    actorId: query.actor,
    subjectId: query.user,
    serviceId: query.service,
    actions: kinds ? actionsOfKinds(kinds) : undefined,
    withoutActions: query.system === 'hide' ? SYSTEM_ACTIONS : undefined,
    outcome: query.outcome,
    ip: query.ip,
  }
}

function position(cursor: string | undefined): AuditPosition | null {
  if (cursor === undefined) return null
  const decoded = decodeListCursor(cursor)
  if (!decoded || Number.isNaN(Date.parse(decoded.value)))
    throw invalid('The cursor is not one this server gave out.')
  return { at: decoded.value, id: decoded.id }
}

const person = (
  id: string | null,
  nameFirst: string | null,
  nameLast: string | null,
  email: string | null,
) => (id ? { id, nameFirst, nameLast, email } : null)

/**
 * A joined row as the LogEvent entity, as `viewer` may see it: an actor whose account is hidden
 * from the viewer is told as no one ("Someone"), as an event without an actor is.
 */
export function toLogEvent(row: AuditPageRow, viewer: Viewer): LogEvent {
  const actorShown = row.actorType === null || maySeeUser(viewer, { type: row.actorType })
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    outcome: row.outcome,
    actor: actorShown
      ? person(row.actorId, row.actorNameFirst, row.actorNameLast, row.actorEmail)
      : null,
    subject: person(row.subjectId, row.subjectNameFirst, row.subjectNameLast, row.subjectEmail),
    service: row.serviceId
      ? { id: row.serviceId, key: row.serviceKey, name: row.serviceName }
      : null,
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
  }
}

/**
 * GET /v1/logs: one page of the audit log as `viewer` may see it, newest first, keyset-paged on
 * (at, id) so that a page is as quick at the millionth event as at the first (docs/logs.md).
 */
export async function listLogs(
  ctx: UseCaseContext,
  viewer: Viewer,
  query: LogsQuery,
): Promise<LogsResults> {
  const limit = query.limit ?? LOGS_PAGE
  const rows = await auditPage(ctx.db, viewer, auditFilter(query), position(query.before), limit)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    events: page.map((row) => toLogEvent(row, viewer)),
    cursor:
      rows.length > limit && last ? encodeListCursor({ value: last.atText, id: last.id }) : null,
  }
}

/** The columns of the Logs CSV export, in order. */
export const LOG_CSV_COLUMNS = [
  'id',
  'at',
  'sentence',
  'action',
  'kind',
  'outcome',
  'reason',
  'actorId',
  'actorEmail',
  'actorName',
  'subjectId',
  'subjectEmail',
  'subjectName',
  'serviceId',
  'serviceKey',
  'serviceName',
  'ip',
  'userAgent',
  'detail',
] as const

const name = (p: LogEvent['actor']) =>
  p ? [p.nameFirst, p.nameLast].filter(Boolean).join(' ') : ''

function csvRecord(event: LogEvent): string[] {
  return [
    event.id,
    event.at,
    logText(event),
    event.action,
    kindOfAction(event.action) ?? '',
    event.outcome,
    failureReason(event) ?? '',
    event.actor?.id ?? '',
    event.actor?.email ?? '',
    name(event.actor),
    event.subject?.id ?? '',
    event.subject?.email ?? '',
    name(event.subject),
    event.service?.id ?? '',
    event.service?.key ?? '',
    event.service?.name ?? '',
    event.ip ?? '',
    event.userAgent ?? '',
    event.detail ? JSON.stringify(event.detail) : '',
  ]
}

/**
 * GET /v1/logs.csv: every event the filters match that `viewer` may see, newest first, as CSV text
 * in chunks: the header, then one chunk per keyset batch, so the export never holds more than one
 * batch in memory. The filters are checked before the first chunk (a bad one is a 400, not a
 * broken download).
 */
export function logsCsv(
  ctx: UseCaseContext,
  viewer: Viewer,
  query: LogFilters,
): AsyncGenerator<string> {
  const filter = auditFilter(query)
  return (async function* () {
    yield csvLine(LOG_CSV_COLUMNS)
    let after: AuditPosition | null = null
    for (;;) {
      const rows = await auditPage(ctx.db, viewer, filter, after, CSV_BATCH)
      const batch = rows.slice(0, CSV_BATCH)
      if (batch.length)
        yield batch.map((row) => csvLine(csvRecord(toLogEvent(row, viewer)))).join('')
      const last = batch.at(-1)
      if (rows.length <= CSV_BATCH || !last) return
      after = { at: last.atText, id: last.id }
    }
  })()
}
