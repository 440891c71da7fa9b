import Type, { type TSchema } from 'typebox'
import {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../../schema/attributes'
import { Success } from '../../../schema/envelope'
import { Service, ServiceAssignment } from '../../../schema/service'
import { Session } from '../../../schema/session'
import { type Collection, Tombstone } from '../../../schema/sync'
import { User } from '../../../schema/user'

/** The entity each collection carries (SPEC.md §3). */
const ENTITIES: Record<Collection, TSchema> = {
  services: Service,
  serviceAssignments: ServiceAssignment,
  sessions: Session,
  users: User,
  attributeKeys: AttributeKey,
  attributeKeyAssociations: AttributeKeyAssociation,
  attributeKeyOptions: AttributeKeyOption,
  attributeKeyConditions: AttributeKeyCondition,
}

/**
 * One batch of a collection: its entities and tombstones in change order, and the cursor after
 * them ('DONE' when nothing follows the cursor sent). One schema per collection, so that the
 * serializer only chooses between the entity and a tombstone for each node.
 */
export const syncAnswer = (collection: Collection) =>
  Success(
    Type.Object({
      nodes: Type.Array(Type.Union([Tombstone, ENTITIES[collection]])),
      batchInfo: Type.Object({ cursor: Type.String() }),
    }),
  )

export const UnknownCollectionParams = Type.Object({ collection: Type.String() })
