import { fromCallback, fromPromise } from 'xstate'
import { joinValues } from '../../../../schema/attribute-rules'
import type { AttributeKeyCondition } from '../../../../schema/attributes'
import { attributeServer, type AttributeServer } from '../../../data/api/attributes'
import { keptRecord } from '../../../data/db/attributeRecords'
import { watchLeafContext } from '../../../data/db/attributeKeys'
import type { ConditionalEvent } from './conditional.types'

/** Sends 'conditional.loaded' with the leaf's place in the tree now and after every change. */
const watchLeaf = fromCallback<ConditionalEvent, { associationId: string }>(({ input, sendBack }) =>
  watchLeafContext(input.associationId, {
    next: (leaf) => sendBack({ type: 'conditional.loaded', leaf }),
    error: (error) => sendBack({ type: 'conditional.readFailed', error }),
  }),
)

type SaveInput = { attributeKeyId: string; values: string[]; conditionalAssociationId: string }

/**
 * The dialog's effects: the leaf followed in the cache, and the server changes asking `server` (a
 * test builds them on a stub; what the cache keeps of the answers stays the real code).
 */
export const conditionalActors = (server: AttributeServer = attributeServer) => ({
  watchLeaf,
  /** Stores a new AttributeKeyCondition (SPEC.md §2); the answer goes into the cache. */
  saveCondition: fromPromise<AttributeKeyCondition, SaveInput>(({ input, signal }) =>
    keptRecord(
      'AttributeKeyCondition',
      server.saveRecord(
        'AttributeKeyCondition',
        {
          attributeKeyId: input.attributeKeyId,
          value: joinValues(input.values),
          conditionalAssociationId: input.conditionalAssociationId,
        },
        null,
        { signal },
      ),
    ),
  ),
  /** Removes a condition (soft delete, so the sync carries it). */
  removeCondition: fromPromise<AttributeKeyCondition, { id: string }>(({ input, signal }) =>
    keptRecord(
      'AttributeKeyCondition',
      server.saveRecord('AttributeKeyCondition', { deleted: true }, input.id, { signal }),
    ),
  ),
})
