import { ActionKinds, Outcomes, SYSTEM_ACTIONS } from '../../../../schema/log-kinds'
import type { LogFilters } from '../../../../schema/logs'

/*
 * The Logs screen's filters as the URL holds them (/logs?user=…&outcome=failure&range=24h), so that a
 * filtered view can be linked; and as the server's query, with a preset range turned into `from`.
 */

export const RANGES = { '1h': 3600, '24h': 86400, '7d': 7 * 86400, '30d': 30 * 86400 } as const
export type RangePreset = keyof typeof RANGES
export const RANGE_WORDS: Record<RangePreset | 'all' | 'custom', string> = {
  all: 'Any time',
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  custom: 'Custom',
}

export interface LogsSearch {
  range?: RangePreset | 'custom'
  from?: string
  to?: string
  actor?: string
  user?: string
  service?: string
  kinds?: string
  outcome?: (typeof Outcomes)[number]
  ip?: string
  /** 'show': the system's own events too. Hidden by default (SYSTEM_ACTIONS). */
  system?: 'show'
}

/** A system event (schema/logs.ts SYSTEM_ACTIONS): hidden from the list unless asked for. */
export const isSystemEvent = (event: { action: string }) => SYSTEM_ACTIONS.includes(event.action)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined
const uuid = (value: unknown) => {
  const t = text(value)
  return t && UUID.test(t) ? t.toLowerCase() : undefined
}
const time = (value: unknown) => {
  const t = text(value)
  return t && !Number.isNaN(Date.parse(t)) ? new Date(t).toISOString() : undefined
}

/** validateSearch for /logs: keeps what is well-formed, drops the rest (a bad link still opens). */
export function validateLogsSearch(search: Record<string, unknown>): LogsSearch {
  const range = text(search.range)
  const kinds = text(search.kinds)
    ?.split(',')
    .filter((kind) => (ActionKinds as string[]).includes(kind))
    .join(',')
  const outcome = text(search.outcome)
  const ip = text(search.ip)
  const found: LogsSearch = {
    range:
      range && (range in RANGES || range === 'custom') ? (range as LogsSearch['range']) : undefined,
    from: time(search.from),
    to: time(search.to),
    actor: uuid(search.actor),
    user: uuid(search.user),
    service: uuid(search.service),
    kinds: kinds || undefined,
    outcome: Outcomes.find((o) => o === outcome),
    ip: ip && /^[0-9A-Za-z.:%-]{1,64}$/.test(ip) ? ip : undefined,
    system: text(search.system) === 'show' ? 'show' : undefined,
  }
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined))
}

/** The server's query for the URL's filters; a preset range counts back from `now`. */
export function serverFilters(search: LogsSearch, now = Date.now()): LogFilters {
  const preset = search.range && search.range !== 'custom' ? RANGES[search.range] : undefined
  return Object.fromEntries(
    Object.entries({
      from: preset
        ? new Date(now - preset * 1000).toISOString()
        : search.range === 'custom'
          ? search.from
          : undefined,
      to: search.range === 'custom' ? search.to : undefined,
      actor: search.actor,
      user: search.user,
      service: search.service,
      kinds: search.kinds,
      outcome: search.outcome,
      ip: search.ip,
      // The server leaves out its own housekeeping unless the person asked to see it.
      system: search.system === 'show' ? undefined : 'hide',
    }).filter(([, value]) => value !== undefined),
  )
}

/** How many filters are set (the range counts once). */
export const filterCount = (search: LogsSearch) =>
  Object.keys(search).filter((key) => key !== 'from' && key !== 'to').length
