import type { ListOptions } from '../../data/lists/options'

/** The filter and sort controls a list screen offers, as the badge counts them. */
export type ListOption =
  'text' | 'showDeleted' | 'sortField' | 'sortDirection' | 'id' | 'userId' | UserFilterOption

/** The Users list's filters (docs/console-users.md); at their defaults on every other list. */
export const USER_FILTER_OPTIONS = [
  'userType',
  'status',
  'twoFactor',
  'secondFactor',
  'dormant',
] as const
export type UserFilterOption = (typeof USER_FILTER_OPTIONS)[number]

/**
 * Which options differ from the list's defaults: the count on 'Show Filters' (SPEC.md §2). The
 * sort field and its direction are separate controls, so each counts on its own.
 */
export function changedOptions(options: ListOptions, defaults: ListOptions): ListOption[] {
  const { filters, sort } = options
  const changed: [ListOption, boolean][] = [
    ['text', filters.text !== defaults.filters.text],
    ['showDeleted', filters.showDeleted !== defaults.filters.showDeleted],
    ['sortField', sort.field !== defaults.sort.field],
    ['sortDirection', sort.direction !== defaults.sort.direction],
    ['id', filters.id !== defaults.filters.id],
    ['userId', filters.userId !== defaults.filters.userId],
    ...USER_FILTER_OPTIONS.map((option): [ListOption, boolean] => [
      option,
      (filters[option] ?? defaults.filters[option]) !== defaults.filters[option],
    ]),
  ]
  return changed.filter(([, differs]) => differs).map(([option]) => option)
}
