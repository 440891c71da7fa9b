/** A cached row as the query helper sees it: a plain object keyed by field name. */
export type Row = Record<string, unknown>

/** The where operators of SPEC.md §5 'Local query helper rules'. */
export const Operators = ['equals', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn', 'contains'] as const
export type Operator = (typeof Operators)[number]

export type Scalar = string | number | boolean | null

export type FieldCondition = {
  equals?: Scalar
  gt?: string | number
  gte?: string | number
  lt?: string | number
  lte?: string | number
  in?: readonly Scalar[]
  notIn?: readonly Scalar[]
  /** Case-insensitive substring. */
  contains?: string
}

/** Per field: a condition object, or a bare value meaning `equals`. All fields must match. */
export type Where = Record<string, FieldCondition | Scalar | undefined>

export type Direction = 'asc' | 'desc'
/** One field, or several in priority order (`[{ nameLast: 'asc' }, { nameFirst: 'asc' }]`). */
export type OrderBy = Record<string, Direction> | readonly Record<string, Direction>[]

export type QueryArgs = {
  where?: Where
  orderBy?: OrderBy
  skip?: number
  take?: number
  /** Relations by name (see relations.ts), nested at most 4 deep (SPEC.md §9). */
  include?: Include
}

export type Include = Record<string, boolean | QueryArgs>
