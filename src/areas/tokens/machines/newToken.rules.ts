import { ACCESS_LIMITS, ACCESS_MESSAGES, type Role } from '../../../../schema/access'
import { Permissions, type Permission } from '../../../../schema/permissions'

/** How long a new token lives: a number of days, or until the end of a chosen date. */
export type ExpiryChoice = '7' | '30' | '90' | '365' | 'date'

export const EXPIRY_CHOICES: readonly { value: ExpiryChoice; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'date', label: 'A date' },
]

/** What the New token dialog edits. */
export type TokenFields = {
  name: string
  roles: string[]
  permissions: Permission[]
  /** The group the token is limited to; null: all users. */
  groupId: string | null
  expiry: ExpiryChoice
  /** 'YYYY-MM-DD', when `expiry` is 'date'. */
  date: string
}

export const emptyTokenFields = (): TokenFields => ({
  name: '',
  roles: [],
  permissions: [],
  groupId: null,
  expiry: '30',
  date: '',
})

const DAY = 86_400_000

/** A local calendar date 'YYYY-MM-DD', `days` after `now`'s. */
export function localDate(now: number, days = 0): string {
  const d = new Date(now)
  d.setDate(d.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** The earliest and latest date a token may end on: tomorrow, and a year (365 days) from today. */
export const dateBounds = (now: number) => ({ min: localDate(now, 1), max: localDate(now, 365) })

export function nameError(name: string): string | undefined {
  const trimmed = name.trim()
  if (trimmed === '') return 'Required'
  return trimmed.length > ACCESS_LIMITS.nameMax
    ? `At most ${ACCESS_LIMITS.nameMax} characters`
    : undefined
}

/** The chosen date's verdict; a token never lives more than a year (issue 31). */
export function dateError(date: string, now: number): string | undefined {
  if (date === '') return 'Required'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'A date, as YYYY-MM-DD'
  const { min, max } = dateBounds(now)
  if (date < min) return 'A date after today'
  return date > max ? 'At most a year from today' : undefined
}

/** Nothing chosen to carry: the dialog says so (the server's own words) and Create waits. */
export const carriesNothing = (fields: TokenFields) =>
  fields.roles.length === 0 && fields.permissions.length === 0
export const EMPTY_MESSAGE = ACCESS_MESSAGES.tokenEmpty

export function canCreateToken(fields: TokenFields, now: number): boolean {
  if (nameError(fields.name) || carriesNothing(fields)) return false
  return fields.expiry !== 'date' || !dateError(fields.date, now)
}

/** When the token ends: `now` plus the days chosen, or the end of the chosen (local) date. */
export function expiresAt(fields: Pick<TokenFields, 'expiry' | 'date'>, now: number): string {
  if (fields.expiry !== 'date') return new Date(now + Number(fields.expiry) * DAY).toISOString()
  const [y, m, d] = fields.date.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString()
}

/** The roles a token may carry: those whose every permission the caller holds. */
export const grantableRoles = (roles: readonly Role[], held: readonly Permission[]) =>
  roles.filter((role) => role.permissions.every((p) => held.includes(p)))

/** The permissions a token may carry directly: the caller's own, in schema order. */
export const grantablePermissions = (held: readonly Permission[]) =>
  Permissions.filter((p) => held.includes(p))

/** A list with `item` in or out. */
export const toggled = <T>(list: readonly T[], item: T, on: boolean): T[] => {
  const rest = list.filter((x) => x !== item)
  return on ? [...rest, item] : rest
}
