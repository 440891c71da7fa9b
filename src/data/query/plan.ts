import type { Collection, IndexableType, Table } from 'dexie'
import type { SortKey } from './order'
import type { Row } from './types'
import type { Condition } from './where'

type RowTable = Table<Row, IndexableType>

/** How a query reads its candidates, and whether they already come in the requested order. */
export type Plan = { collection: Collection<Row, IndexableType>; ordered: boolean }

// Only strings and numbers are keys our indexes hold; null and booleans never are.
const isKey = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number'

function singleFieldIndexes(table: RowTable): Set<string> {
  const names = table.schema.indexes.filter((index) => !index.compound).map((index) => index.name)
  return new Set([table.schema.primKey.name, ...names])
}

function byEquality(table: RowTable, conditions: readonly Condition[]) {
  const indexed = singleFieldIndexes(table)
  for (const { field, operator, value } of conditions) {
    if (!indexed.has(field)) continue
    if (operator === 'equals' && isKey(value)) return table.where(field).equals(value)
    if (operator === 'in' && Array.isArray(value) && value.every(isKey)) {
      return table.where(field).anyOf(value)
    }
  }
  return undefined
}

function byRange(table: RowTable, conditions: readonly Condition[]) {
  const indexed = singleFieldIndexes(table)
  const range = conditions.find(
    ({ field, operator, value }) => indexed.has(field) && operator !== 'contains' && isKey(value),
  )
  if (!range) return undefined
  const bounds = conditions.filter((c) => c.field === range.field && isKey(c.value))
  const lower = bounds.find((c) => c.operator === 'gt' || c.operator === 'gte')
  const upper = bounds.find((c) => c.operator === 'lt' || c.operator === 'lte')
  const clause = table.where(range.field)
  const from = lower?.value as string | number | undefined
  const to = upper?.value as string | number | undefined
  if (from !== undefined && to !== undefined) {
    // IndexedDB refuses a range whose lower bound lies above its upper one; no row matches it.
    if (from > to) return clause.anyOf([])
    return clause.between(from, to, lower?.operator === 'gte', upper?.operator === 'lte')
  }
  if (from !== undefined) return lower?.operator === 'gt' ? clause.above(from) : clause.aboveOrEqual(from)
  if (to !== undefined) return upper?.operator === 'lt' ? clause.below(to) : clause.belowOrEqual(to)
  return undefined
}

// A list sort index `[field+id]` holds every row (the field is never empty), so reading along it
// gives the requested order with nothing left out; single-field indexes may skip null values.
function byOrder(table: RowTable, keys: readonly SortKey[]) {
  const [key, ...rest] = keys
  if (!key || rest.length > 0) return undefined
  const names = table.schema.indexes.map((index) => index.name)
  const index =
    key.field === table.schema.primKey.name
      ? ':id'
      : names.find((name) => name === `[${key.field}+id]`)
  if (!index) return undefined
  const collection = table.orderBy(index)
  return key.direction === 'desc' ? collection.reverse() : collection
}

/**
 * Picks the cheapest read: equality on an index, then a range on an index, then a list sort index
 * when nothing narrows the rows, then the whole table. The caller still applies every condition.
 */
export function planRead(
  table: RowTable,
  conditions: readonly Condition[],
  keys: readonly SortKey[],
): Plan {
  const narrowed = byEquality(table, conditions) ?? byRange(table, conditions)
  if (narrowed) return { collection: narrowed, ordered: keys.length === 0 }
  const ordered = byOrder(table, keys)
  if (ordered) return { collection: ordered, ordered: true }
  return { collection: table.toCollection(), ordered: keys.length === 0 }
}
