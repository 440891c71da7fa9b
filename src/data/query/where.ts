import { unsupportedOperator } from './errors'
import { Operators, type Operator, type Row, type Scalar, type Where } from './types'

/** One test of one field: `{ field: 'expires', operator: 'gt', value: '2025-01-01' }`. */
export type Condition = { field: string; operator: Operator; value: unknown }

const isOperator = (key: string): key is Operator => (Operators as readonly string[]).includes(key)

const isConditionObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Flattens a where clause, refusing unknown operators before any row is read. */
export function conditionsOf(where: Where | undefined): Condition[] {
  const conditions: Condition[] = []
  for (const [field, spec] of Object.entries(where ?? {})) {
    if (spec === undefined) continue
    if (!isConditionObject(spec)) {
      conditions.push({ field, operator: 'equals', value: spec })
      continue
    }
    for (const [operator, value] of Object.entries(spec)) {
      if (!isOperator(operator)) throw unsupportedOperator(operator)
      if (value === undefined) continue
      if ((operator === 'in' || operator === 'notIn') && !Array.isArray(value)) {
        throw new TypeError(`The ${operator} operator of ${field} needs a list of values`)
      }
      conditions.push({ field, operator, value })
    }
  }
  return conditions
}

// Missing fields read as null, so `equals: null` finds both; comparisons with null never match.
const comparable = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number'

function holds(actual: unknown, { operator, value }: Condition): boolean {
  const present = actual ?? null
  switch (operator) {
    case 'equals':
      return present === (value ?? null)
    case 'in':
      return (value as Scalar[]).some((candidate) => candidate === present)
    case 'notIn':
      return !(value as Scalar[]).some((candidate) => candidate === present)
    case 'contains':
      return (
        typeof present === 'string' && present.toLowerCase().includes(String(value).toLowerCase())
      )
    case 'gt':
      return comparable(present) && comparable(value) && present > value
    case 'gte':
      return comparable(present) && comparable(value) && present >= value
    case 'lt':
      return comparable(present) && comparable(value) && present < value
    case 'lte':
      return comparable(present) && comparable(value) && present <= value
  }
}

/** The row test for a list of conditions; every one must hold. */
export function matcher(conditions: readonly Condition[]): (row: Row) => boolean {
  return (row) => conditions.every((condition) => holds(row[condition.field], condition))
}
