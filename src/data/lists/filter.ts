import { LIST_CONFIG, type ListType } from './listTypes'
import type { ListFilters } from './options'

export type ListRow = { id: string } & Record<string, unknown>

/**
 * The row test for a list's filters, or undefined when every row passes (so a reader can skip the
 * JavaScript filter and let IndexedDB count and page on its own).
 */
export function rowFilter(type: ListType, filters: ListFilters): ((row: ListRow) => boolean) | undefined {
  const { searchable, softDeletes } = LIST_CONFIG[type]
  const text = filters.text.trim().toLowerCase()
  const tests: ((row: ListRow) => boolean)[] = []
  if (filters.id) tests.push((row) => row.id === filters.id)
  if (filters.userId) tests.push((row) => row.userId === filters.userId)
  if (softDeletes && !filters.showDeleted) tests.push((row) => row.deleted !== true)
  if (text) {
    tests.push((row) =>
      searchable(row).some(
        (value) => typeof value === 'string' && value.toLowerCase().includes(text),
      ),
    )
  }
  if (tests.length === 0) return undefined
  return (row) => tests.every((test) => test(row))
}
