import type { Direction, OrderBy, Row } from './types'

export type SortKey = { field: string; direction: Direction }

/** `{ a: 'asc' }` or `[{ a: 'asc' }, { b: 'desc' }]` as an ordered list of keys. */
export function sortKeysOf(orderBy: OrderBy | undefined): SortKey[] {
  if (!orderBy) return []
  const entries = Array.isArray(orderBy) ? orderBy : [orderBy]
  return entries.flatMap((entry: Record<string, Direction>) =>
    Object.entries(entry).map(([field, direction]) => ({ field, direction })),
  )
}

// IndexedDB's own order for the values it can index (numbers before strings); nulls last, as
// they are absent from an index.
function rank(value: unknown): number {
  if (value === null || value === undefined) return 3
  return typeof value === 'number' ? 0 : typeof value === 'string' ? 1 : 2
}

export function compareValues(a: unknown, b: unknown): number {
  const byRank = rank(a) - rank(b)
  if (byRank !== 0) return byRank
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  if (rank(a) > 1) return 0
  return (a as string | number) < (b as string | number) ? -1 : a === b ? 0 : 1
}

/**
 * Sorts in place. Ties fall back to the id in the last key's direction, which is the order a
 * `[field+id]` index gives, so a query reads the same rows whichever way it was planned.
 */
export function sortRows(rows: Row[], keys: readonly SortKey[]): Row[] {
  if (keys.length === 0) return rows
  const last = keys[keys.length - 1]
  const all = last ? [...keys, { field: 'id', direction: last.direction }] : keys
  return rows.sort((a, b) => {
    for (const { field, direction } of all) {
      const order = compareValues(a[field], b[field])
      if (order !== 0) return direction === 'asc' ? order : -order
    }
    return 0
  })
}
