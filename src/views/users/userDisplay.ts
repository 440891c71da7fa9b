import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import { userStatus, type ListRow, type UserStatus } from '../../machines/list.machine'
import { formatDateTime } from '../format/dateTime'

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

/** What a user row shows, computed once per row and render. */
export type UserDisplay = {
  id: string
  /** 'Lovelace, Ada': the list's sort. */
  sortName: string
  /** 'Ada Lovelace': the checkbox's name. */
  fullName: string
  email: string
  phone: string
  type: string
  status: UserStatus
  twoFactor: string
  passkeys: string
  /** '3 days ago', or 'Never'. */
  lastSignIn: string
  /** The exact time, for the tooltip; '' when never. */
  lastSignInExact: string
  created: string
  createdExact: string
}

/** '(555) 123-4567' for ten bare digits; anything else as it is. */
export const formatPhone = (phone: string) =>
  /^\d{10}$/.test(phone) ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` : phone

export function describeUser(row: ListRow, zone: string, now: number = Date.now()): UserDisplay {
  const first = str(row.nameFirst)
  const last = str(row.nameLast)
  const lastLogin = str(row.lastLogin)
  const created = str(row.createdAt)
  return {
    id: row.id,
    sortName: `${last}, ${first}`,
    fullName: `${first} ${last}`,
    email: str(row.email),
    phone: formatPhone(str(row.phone)),
    type: row.type === 'EXTERNAL' ? 'External' : 'Internal',
    status: userStatus(row),
    twoFactor: row.use2FA === true ? 'On' : 'Off',
    passkeys: String(typeof row.passkeys === 'number' ? row.passkeys : 0),
    lastSignIn: lastLogin ? dayjs(lastLogin).from(now) : 'Never',
    lastSignInExact: lastLogin ? formatDateTime(lastLogin, zone) : '',
    created: created ? dayjs(created).format('MMM D, YYYY') : '',
    createdExact: created ? formatDateTime(created, zone) : '',
  }
}
