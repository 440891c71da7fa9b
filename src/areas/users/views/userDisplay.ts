import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import {
  hasSecondFactor,
  rowFactors,
  userStatus,
  type ListRow,
  type UserStatus,
} from '../../../kit/machines/list.machine'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { formatPhone as formatStoredPhone } from '../../../../schema/rules'

dayjs.extend(relativeTime)

export type { UserStatus }
export { userStatus }

/** The status badge's words and colour (the UI contract's texts). */
export const STATUS_LABEL: Record<UserStatus, string> = {
  active: 'Active',
  locked: 'Locked',
  disabled: 'Disabled',
  mustChangePassword: 'Must change password',
}
export const STATUS_COLOR = {
  active: 'green',
  locked: 'orange',
  disabled: 'gray',
  mustChangePassword: 'amber',
} as const

const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** An empty cell (SPEC's tables, as Queue shows it). */
export const EMPTY = '—'

/** What a user row shows, computed once per row and render. */
export type UserDisplay = {
  id: string
  /**
   * 'Ada Lovelace', as Sessions, Queue, the detail and the Logs pickers name people (review item
   * 15). The list still sorts by last name, then first name (SPEC.md §3's index).
   */
  fullName: string
  email: string
  /** '(555) 123 - 4567', or '—'. */
  phone: string
  type: string
  status: UserStatus
  /** 'App, SMS, 2 passkeys', or 'None': the second factors the row says the user has. */
  factors: string
  /** The same in full words, for the tooltip. */
  factorsFull: string
  /** None at all: the column says so in grey. */
  noFactor: boolean
  /** '3 days ago', or 'Never'. */
  lastSignIn: string
  /** The exact time, for the tooltip; '' when never. */
  lastSignInExact: string
  /** 'Mar 05, 2026' (the date of SPEC's 'MMM DD, YYYY hh:mm A z'), or '—'. */
  created: string
  createdExact: string
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** The user's second factors, short for the column and in full for its tooltip (issue 28). */
export function describeFactors(row: ListRow): { short: string; full: string } {
  const { authenticator, sms, passkeys } = rowFactors(row)
  const held: [short: string, full: string][] = []
  if (authenticator) held.push(['App', 'Authenticator app'])
  if (sms) held.push(['SMS', 'Text message'])
  if (passkeys > 0) held.push([plural(passkeys, 'passkey'), plural(passkeys, 'passkey')])
  if (held.length === 0) return { short: 'None', full: 'No second factor' }
  return {
    short: held.map(([short]) => short).join(', '),
    full: held.map(([, full]) => full).join(', '),
  }
}

/** SPEC's '(555) 123 - 4567' for ten bare digits, as Profile shows it; anything else as it is. */
export const formatPhone = (phone: string) =>
  /^\d{10}$/.test(phone) ? formatStoredPhone(phone) : phone

export function describeUser(row: ListRow, zone: string, now: number = Date.now()): UserDisplay {
  const first = str(row.nameFirst)
  const last = str(row.nameLast)
  const lastLogin = str(row.lastLogin)
  const created = str(row.createdAt)
  const factors = describeFactors(row)
  return {
    id: row.id,
    fullName: `${first} ${last}`,
    email: str(row.email) || EMPTY,
    phone: formatPhone(str(row.phone)) || EMPTY,
    type: row.type === 'EXTERNAL' ? 'External' : 'Internal',
    status: userStatus(row),
    factors: factors.short,
    factorsFull: factors.full,
    noFactor: !hasSecondFactor(row),
    lastSignIn: lastLogin ? dayjs(lastLogin).from(now) : 'Never',
    lastSignInExact: lastLogin ? formatDateTime(lastLogin, zone) : '',
    created: created ? dayjs(created).format('MMM DD, YYYY') : EMPTY,
    createdExact: created ? formatDateTime(created, zone) : '',
  }
}
