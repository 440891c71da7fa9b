import Type, { type TLiteral, type TUnion } from 'typebox'

/** Ids are UUIDv7 strings (DESIGN.md §4). */
export const Id = Type.String({ format: 'uuid' })

/** Times are ISO-8601 UTC strings in JSON. */
export const Timestamp = Type.String({ format: 'date-time' })

export const IdParams = Type.Object({ id: Id })

/** Columns every synced entity carries (SPEC.md §3). */
export const Base = {
  id: Id,
  createdAt: Timestamp,
  updatedAt: Timestamp,
}

/**
 * A union of string literals whose static type is the union of the values. `Type.Union(xs.map(...))`
 * gives the same JSON Schema but loses the tuple, so TypeScript sees `never`.
 */
type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> }

export const LiteralUnion = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<Literals<T>>
