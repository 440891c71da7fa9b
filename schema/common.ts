import Type from 'typebox'

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
