import {
  attributeKeyAssociations,
  attributeKeyConditions,
  attributeKeyOptions,
  attributeKeys,
} from '../../db/schema/attributes'
import { toAssociation, toAttributeKey, toCondition, toOption } from '../../presenters/attributes'
import { tableReader } from './window'

/**
 * The attribute collections in change order; each presenter (presenters/attributes.ts) names the
 * fields of its entity, the same as every other answer of it.
 */
export const readAttributeKeys = tableReader(attributeKeys, toAttributeKey)
export const readAttributeKeyAssociations = tableReader(attributeKeyAssociations, toAssociation)
export const readAttributeKeyOptions = tableReader(attributeKeyOptions, toOption)
export const readAttributeKeyConditions = tableReader(attributeKeyConditions, toCondition)
