import Type, { type Static } from 'typebox'
import { Id } from './common'

/** The collections the console caches (SPEC.md §7 'Local cache', DESIGN.md §5). */
export const Collections = [
  'services',
  'sessions',
  'users',
  'serviceAssignments',
  'attributeKeys',
  'attributeKeyAssociations',
  'attributeKeyOptions',
  'attributeKeyConditions',
] as const
export type Collection = (typeof Collections)[number]

export const SYNC_DONE = 'DONE'
export const SYNC_BATCH_MAX = 5000

export const SyncBody = Type.Object(
  {
    cursor: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
    batchSize: Type.Optional(Type.Integer({ minimum: 1, maximum: SYNC_BATCH_MAX })),
  },
  { additionalProperties: false },
)
export type SyncBody = Static<typeof SyncBody>

/** A hard deletion travelling to the caches. */
export const Tombstone = Type.Object({ id: Id, tombstone: Type.Literal(true) })
export type Tombstone = Static<typeof Tombstone>
