import Type from 'typebox'
import { Id } from '../../../schema/common'
import { Success } from '../../../schema/envelope'
import { Session } from '../../../schema/session'
import { SYNC_BATCH_MAX } from '../../../schema/sync'

/** SPEC.md §7 'POST /sessions': pagination `{cursor, batchSize}` and filters, both optional. */
export const SessionListBody = Type.Object(
  {
    pagination: Type.Optional(
      Type.Object(
        {
          cursor: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
          batchSize: Type.Optional(Type.Integer({ minimum: 1, maximum: SYNC_BATCH_MAX })),
        },
        { additionalProperties: false },
      ),
    ),
    filters: Type.Optional(
      Type.Object(
        {
          id: Type.Optional(Id),
          userId: Type.Optional(Id),
          text: Type.Optional(Type.String({ maxLength: 200 })),
          // The console keeps one filter shape for every list; sessions are never soft-deleted.
          showDeleted: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)

/** A page of sessions and the cursor of the next one, 'DONE' after the last page. */
export const SessionListAnswer = Success(
  Type.Object({
    nodes: Type.Array(Session),
    batchInfo: Type.Object({ cursor: Type.String() }),
  }),
)

export const RevokeAllAnswer = Success(Type.Object({ count: Type.Integer({ minimum: 0 }) }))
