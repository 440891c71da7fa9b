import type { Table } from 'dexie'
import { LIST_CONFIG, type ListType } from './listTypes'
import type { ListFilters } from './options'

export type ListRow = { id: string } & Record<string, unknown>

const DAY = 24 * 60 * 60 * 1000

/** A user's status as its badge says it: disabled, then locked, then must change password. */
export type UserStatus = 'active' | 'locked' | 'disabled' | 'mustChangePassword'
export function userStatus(row: Record<string, unknown>): UserStatus {
  if (row.disabled === true) return 'disabled'
  if (row.locked === true) return 'locked'
  if (row.mustChangePassword === true) return 'mustChangePassword'
  return 'active'
}

/** The second factors a user row shows (the Users list's column): app, text messages, passkeys. */
export type RowFactors = { authenticator: boolean; sms: boolean; passkeys: number }

/**
 * What the synced row says of the user's second factors, counted as the server's Dashboard counts
 * them: text messages only with a phone to send them to. Recovery codes are not synced; they come
 * with an app and go with it.
 */
export function rowFactors(row: Record<string, unknown>): RowFactors {
  return {
    authenticator: row.authenticator === true,
    sms: row.use2FA === true && typeof row.phone === 'string' && row.phone !== '',
    passkeys: typeof row.passkeys === 'number' ? row.passkeys : 0,
  }
}

/** Whether the user has any second factor at all (the 'No second factor' filter is its opposite). */
export function hasSecondFactor(row: Record<string, unknown>): boolean {
  const factors = rowFactors(row)
  return factors.authenticator || factors.sms || factors.passkeys > 0
}

// The Users filters (docs/console-users.md); each is a no-op at its default.
function userTests(filters: ListFilters, now: number): ((row: ListRow) => boolean)[] {
  const tests: ((row: ListRow) => boolean)[] = []
  const { userType, status, twoFactor, dormant, secondFactor } = filters
  if (userType && userType !== 'all') tests.push((row) => row.type === userType)
  if (status === 'active') tests.push((row) => userStatus(row) === 'active')
  else if (status && status !== 'any') tests.push((row) => row[status] === true)
  if (twoFactor === 'on') tests.push((row) => row.use2FA === true)
  if (twoFactor === 'off') tests.push((row) => row.use2FA !== true)
  if (secondFactor === 'some') tests.push(hasSecondFactor)
  if (secondFactor === 'none') tests.push((row) => !hasSecondFactor(row))
  if (dormant === 'never') tests.push((row) => row.lastLogin == null)
  else if (dormant && dormant !== 'any') {
    const since = new Date(now - Number(dormant) * DAY).toISOString()
    tests.push((row) => row.lastLogin == null || (row.lastLogin as string) < since)
  }
  return tests
}

/**
 * The row test for a list's filters, or undefined when every row passes (so a reader can skip the
 * JavaScript filter and let IndexedDB count and page on its own).
 */
export function rowFilter(
  type: ListType,
  filters: ListFilters,
  now = Date.now(),
): ((row: ListRow) => boolean) | undefined {
  const { searchable, softDeletes, search } = LIST_CONFIG[type]
  const text = filters.text.trim().toLowerCase()
  const tests: ((row: ListRow) => boolean)[] = []
  if (filters.id) tests.push((row) => row.id === filters.id)
  if (filters.userId) tests.push((row) => row.userId === filters.userId)
  if (softDeletes && !filters.showDeleted) tests.push((row) => row.deleted !== true)
  if (type === 'users') tests.push(...userTests(filters, now))
  if (text && search) tests.push((row) => search(row, text))
  else if (text) {
    tests.push((row) =>
      searchable(row).some(
        (value) => typeof value === 'string' && value.toLowerCase().includes(text),
      ),
    )
  }
  if (tests.length === 0) return undefined
  return (row) => tests.every((test) => test(row))
}

/** A cached list's table (users, services, sessions), keyed by id. */
export type ListTable = Table<ListRow, string>
