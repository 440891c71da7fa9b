import type { DashboardResults } from '../../../../schema/dashboard'
import {
  dashboardMachine,
  type DashboardEvent,
  type DashboardSnapshot,
} from '../machines/dashboard.machine'
import { definePaths } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = Date.parse('2026-02-01T10:30:00.000Z')
const hourStart = Math.floor(NOW / HOUR) * HOUR
const dayStart = Math.floor(NOW / DAY) * DAY

/** Figures of a small directory: two sign-ins and a failure this hour, one service. */
export function someFigures(signIns = 2): DashboardResults {
  return {
    at: new Date(NOW).toISOString(),
    hourly: Array.from({ length: 24 }, (_, i) => ({
      start: new Date(hourStart - (23 - i) * HOUR).toISOString(),
      success: i === 23 ? signIns : 0,
      failure: i === 23 ? 1 : 0,
    })),
    daily: Array.from({ length: 30 }, (_, i) => ({
      start: new Date(dayStart - (29 - i) * DAY).toISOString(),
      success: i === 29 ? signIns : i % 3,
      failure: i === 29 ? 1 : 0,
    })),
    activeSessions: 3,
    services: [{ serviceId: '0190a000-0000-7000-8000-0000000000c1', name: 'Alpha Desk', count: 5 }],
    locked: { permanent: 1, temporary: 0 },
    factors: { users: 12, authenticator: 3, sms: 2, passkey: 1, none: 7 },
    dormant: { never: 4, before: 2, days: 90 },
    failingAddresses: [{ ip: '10.0.0.7', failures: 1, last: new Date(NOW - 60_000).toISOString() }],
    queue: { depth: 1, oldest: new Date(NOW - 120_000).toISOString() },
  }
}

export const firstFigures = someFigures(2)
export const laterFigures = someFigures(3)

const events = [
  { type: 'dashboard.retry' },
  { type: 'dashboard.refresh' },
  { type: 'dashboard.changed' },
  { type: 'xstate.done.actor.loadFigures', output: firstFigures },
  { type: 'xstate.error.actor.loadFigures', error: refusal(500, 'AN ERROR OCCURRED') },
  { type: 'xstate.done.actor.refresh', output: laterFigures },
  { type: 'xstate.error.actor.refresh', error: refusal(503, 'The server is busy.') },
] as unknown as DashboardEvent[]

const signInsThisHour = (s: DashboardSnapshot) => s.context.figures?.hourly.at(-1)?.success ?? 0

function shows(s: DashboardSnapshot): string {
  const parts = [
    s.context.figures
      ? `the figures (${signInsThisHour(s)} sign-ins this hour)`
      : s.matches('loading')
        ? "'Loading the dashboard…'"
        : 'no figures',
  ]
  if (s.context.error) parts.push(`the message reads “${s.context.error}”`)
  if (s.matches('failed')) parts.push('Retry')
  if (s.context.figures) parts.push(s.matches('refreshing') ? 'Refresh waits' : 'Refresh')
  return parts.join('; ')
}

/**
 * What tells states apart: the figures and error, how 'refreshing' was reached (Refresh, a change,
 * or another change while reading), so that the shortest paths take every transition.
 */
const serializeState = (
  s: DashboardSnapshot,
  event?: DashboardEvent,
  previous?: DashboardSnapshot,
) =>
  JSON.stringify([s.value, signInsThisHour(s), s.context.error !== null]) +
  (event && previous && s.matches('refreshing')
    ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
    : '')

export const dashboardPaths = definePaths({
  name: 'Dashboard',
  machine: dashboardMachine,
  events,
  serializeState,
  shows,
})

export const models = [dashboardPaths]
