import type { Collection, IndexableType, Table } from 'dexie'
import type { SortKey } from './order'
import type { Row } from './types'
import type { Condition } from './where'

type RowTable = Table<Row, IndexableType>

/**
 * How a query reads its candidates, whether they already come in the requested order, and the
 * condition the index answered exactly (an equality), which the caller need not test again.
 */
export type Plan = {
  collection: Collection<Row, IndexableType>
  ordered: boolean
  answered?: Condition
}

// Only strings and numbers are keys our indexes hold; null and booleans never are.
const isKey = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number'

function singleFieldIndexes(table: RowTable): Set<string> {
  const names = table.schema.indexes
    .filter((index) => !index.compound && !index.multi)
    .map((index) => index.name)
  return new Set([table.schema.primKey.name, ...names])
}

function byEquality(table: RowTable, conditions: readonly Condition[]) {
  const indexed = singleFieldIndexes(table)
  for (const condition of conditions) {
    const { field, operator, value } = condition
    if (!indexed.has(field)) continue
    if (operator === 'equals' && isKey(value)) {
      return { collection: table.where(field).equals(value), answered: condition }
    }
    if (operator === 'in' && Array.isArray(value) && value.every(isKey)) {
      return { collection: table.where(field).anyOf(value), answered: condition }
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
 * when nothing narrows the rows, then the whole table. The caller applies every condition but
 * the one an equality index answered (a JavaScript filter would make IndexedDB walk a cursor
 * instead of handing the rows over in one getAll).
 */
export function planRead(
  table: RowTable,
  conditions: readonly Condition[],
  keys: readonly SortKey[],
): Plan {
  const equal = byEquality(table, conditions)
  if (equal) return { ...equal, ordered: keys.length === 0 }
  const range = byRange(table, conditions)
  if (range) return { collection: range, ordered: keys.length === 0 }
  const ordered = byOrder(table, keys)
  if (ordered) return { collection: ordered, ordered: true }
  return { collection: table.toCollection(), ordered: keys.length === 0 }
}
