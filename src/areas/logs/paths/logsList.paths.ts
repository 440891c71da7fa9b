import type { LogEvent } from '../../../../schema/logs'
import {
  logsListMachine,
  type LogsListEvent,
  type LogsListSnapshot,
} from '../machines/logsList.machine'
import { definePaths } from '../../../flows/model'
import { pageAnswers, pagedShows } from '../../../kit/paths/pagedTimeline'

const admin = {
  id: '0190a000-0000-7000-8000-0000000000a1',
  nameFirst: 'Ada',
  nameLast: 'Lovelace',
  email: 'admin@example.com',
}
const bob = {
  id: '0190a000-0000-7000-8000-0000000000b0',
  nameFirst: 'Bob',
  nameLast: 'Stone',
  email: 'bob@example.com',
}

export const aLogEvent = (id: string, changes: Partial<LogEvent> = {}): LogEvent => ({
  id,
  at: '2026-02-01T09:00:00.000Z',
  action: 'login',
  outcome: 'success',
  actor: null,
  subject: bob,
  service: null,
  ip: '10.0.0.7',
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  detail: { sessionId: 's1' },
  ...changes,
})

/** The first filter a path starts with: a user's failures, as the Users detail links here. */
export const startSearch = { user: bob.id }
export const laterSearch = { user: bob.id, outcome: 'failure' as const }

/** The newest page (with a cursor to older events), and the older page (the last). */
export const newestPage = {
  events: [
    aLogEvent('0190a000-0000-7000-8000-000000000e03', {
      action: 'service.updated',
      actor: admin,
      subject: null,
      service: { id: '0190a000-0000-7000-8000-0000000000c1', key: 'alpha', name: 'Alpha Desk' },
      detail: {
        serviceId: '0190a000-0000-7000-8000-0000000000c1',
        field: 'refreshTokenTimeout',
        from: 30,
        to: 45,
      },
      at: '2026-02-01T10:00:00.000Z',
    }),
    aLogEvent('0190a000-0000-7000-8000-000000000e02', {
      outcome: 'refused',
      detail: { reason: 'locked' },
      at: '2026-02-01T09:30:00.000Z',
    }),
  ],
  cursor: 'c2',
}
export const olderPage = {
  events: [aLogEvent('0190a000-0000-7000-8000-000000000e01')],
  cursor: null,
}

const events = [
  { type: 'logs.loadMore' },
  { type: 'logs.retry' },
  { type: 'logs.filter', search: laterSearch },
  { type: 'logs.open', id: newestPage.events[1]!.id },
  { type: 'logs.close' },
  ...pageAnswers(newestPage, olderPage),
] as unknown as LogsListEvent[]

function shows(s: LogsListSnapshot): string {
  const filtered = s.context.search.outcome ? ['filtered to failures'] : []
  const parts = pagedShows(s, "'Loading logs…'", { type: 'logs.retry' }, filtered)
  if (s.context.selected) parts.push("the event's detail is open")
  return parts.join('; ')
}

export const logsListPaths = definePaths({
  name: 'Logs',
  machine: logsListMachine,
  events,
  input: { search: startSearch },
  // The detail closes only once it is open: the screen has nothing to close otherwise.
  filterEvents: (s, event) => event.type !== 'logs.close' || s.context.selected !== null,
  // Closing the detail comes back to a state a shorter path reaches; the closing step counts apart,
  // so that a path takes it.
  serializeState: (s, event) =>
    JSON.stringify([
      event?.type === 'logs.close',
      s.value,
      s.context.events.length,
      s.context.cursor,
      s.context.error !== null,
      s.context.selected,
      s.context.search,
    ]),
  shows,
})

export const models = [logsListPaths]
