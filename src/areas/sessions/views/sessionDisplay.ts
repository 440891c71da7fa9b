import type { Session } from '../../../../schema/session'
import type { ListRow } from '../../../kit/machines/list.machine'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { summarizeUserAgent } from '../../../../schema/user-agent'

/** A cached session as its row shows it. */
export type SessionDisplay = {
  id: string
  /** 'Ada Lovelace', the session's user. */
  name: string
  ip: string
  /** 'Chrome on Windows'; with the services it signed into, 'Chrome on Windows, signed in to Alpha Desk'. */
  device: string
  /** 'Mar 05, 2026 02:30 PM EST'. */
  expires: string
}

/** The device, and the services (docs/sso.md) the session signed into, if any. */
function deviceText(device: string, services: readonly { name: string }[]): string {
  if (services.length === 0) return device
  return `${device}, signed in to ${services.map((service) => service.name).join(', ')}`
}

/** What a session row shows; `zone` is the browser's time zone. */
export function describeSession(row: ListRow, zone: string): SessionDisplay {
  const session = row as unknown as Partial<Session>
  const name = [session.nameFirst, session.nameLast].filter(Boolean).join(' ')
  return {
    id: row.id,
    name: name || 'Unknown user',
    ip: session.ip ?? '',
    device: deviceText(summarizeUserAgent(session.userAgent ?? ''), session.services ?? []),
    expires: session.expires ? formatDateTime(session.expires, zone) : '',
  }
}

const described = new WeakMap<ListRow, SessionDisplay>()

/**
 * describeSession, kept per cached row: rows are replaced, never changed, when the cache changes,
 * so a row scrolled past again is not formatted again.
 */
export function describeSessionOnce(row: ListRow, zone: string): SessionDisplay {
  let display = described.get(row)
  if (!display) {
    display = describeSession(row, zone)
    described.set(row, display)
  }
  return display
}
