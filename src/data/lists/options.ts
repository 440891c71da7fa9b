import { LIST_CONFIG, type ListType, type SortDirection } from './listTypes'

/** The options kept locally per list type (SPEC.md §3). */
export type ListOptions = {
  sort: { field: string; direction: SortDirection }
  filters: ListFilters
}

export type ListFilters = {
  id: string | null
  userId: string | null
  showDeleted: boolean
  /** The applied search text, already trimmed. */
  text: string
  /** Users only (docs/console-users.md): the person's type, status, second factor, dormancy. */
  userType?: UserTypeFilter
  status?: UserStatusFilter
  twoFactor?: TwoFactorFilter
  dormant?: DormantFilter
  /** Any second factor (app, text messages or a passkey), or none at all (issue 28). */
  secondFactor?: SecondFactorFilter
}

export const UserTypeFilters = ['all', 'INTERNAL', 'EXTERNAL'] as const
export type UserTypeFilter = (typeof UserTypeFilters)[number]
export const UserStatusFilters = ['any', 'active', 'locked', 'disabled', 'mustChangePassword'] as const
export type UserStatusFilter = (typeof UserStatusFilters)[number]
export const TwoFactorFilters = ['any', 'on', 'off'] as const
export type TwoFactorFilter = (typeof TwoFactorFilters)[number]
/** No sign-in for 30, 90 or 180 days (never signed in included), or never signed in. */
export const DormantFilters = ['any', '30', '90', '180', 'never'] as const
export type DormantFilter = (typeof DormantFilters)[number]
export const SecondFactorFilters = ['any', 'some', 'none'] as const
export type SecondFactorFilter = (typeof SecondFactorFilters)[number]

/** The part of localStorage these options need; tests pass a Map-backed one. */
export type OptionStore = Pick<Storage, 'getItem' | 'setItem'>

const USER_FILTER_DEFAULTS = {
  userType: 'all',
  status: 'any',
  twoFactor: 'any',
  dormant: 'any',
  secondFactor: 'any',
} as const

export const defaultListOptions = (type: ListType): ListOptions => ({
  sort: { ...LIST_CONFIG[type].defaultSort },
  filters: {
    id: null,
    userId: null,
    showDeleted: false,
    text: '',
    ...(type === 'users' ? USER_FILTER_DEFAULTS : {}),
  },
})

const storageKey = (type: ListType) => `gatehouse.list.${type}`
const browserStore = (): OptionStore | undefined => globalThis.localStorage

// A stored value from an older console may lack fields or name a sort that no longer exists.
function sanitize(type: ListType, stored: Partial<ListOptions>): ListOptions {
  const defaults = defaultListOptions(type)
  const sort = stored.sort
  const sortable =
    sort && LIST_CONFIG[type].sortFields.includes(sort.field) && ['asc', 'desc'].includes(sort.direction)
  const filters = { ...defaults.filters, ...stored.filters }
  const known = <T extends string>(values: readonly T[], value: T | undefined, fallback: T) =>
    value !== undefined && values.includes(value) ? value : fallback
  return {
    sort: sortable ? { field: sort.field, direction: sort.direction } : defaults.sort,
    filters:
      type === 'users'
        ? {
            ...filters,
            userType: known(UserTypeFilters, filters.userType, 'all'),
            status: known(UserStatusFilters, filters.status, 'any'),
            twoFactor: known(TwoFactorFilters, filters.twoFactor, 'any'),
            dormant: known(DormantFilters, filters.dormant, 'any'),
            secondFactor: known(SecondFactorFilters, filters.secondFactor, 'any'),
          }
        : filters,
  }
}

/** The list's saved options, or its defaults when none (or unreadable ones) are stored. */
export function loadListOptions(type: ListType, store = browserStore()): ListOptions {
  try {
    const saved = store?.getItem(storageKey(type))
    return saved ? sanitize(type, JSON.parse(saved) as Partial<ListOptions>) : defaultListOptions(type)
  } catch {
    return defaultListOptions(type)
  }
}

/** Keeps the options for the next visit; a full or disabled storage only loses the preference. */
export function saveListOptions(type: ListType, options: ListOptions, store = browserStore()): void {
  try {
    store?.setItem(storageKey(type), JSON.stringify(options))
  } catch {
    // Private mode or a full quota: the list still works with the options in memory.
  }
}
