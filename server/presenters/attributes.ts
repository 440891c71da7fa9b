import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
  AttributeValue,
} from '../../schema/attributes'
import type {
  AssociationRow,
  ConditionRow,
  KeyRow,
  OptionRow,
  ValueRow,
} from '../db/schema/attributes'

/** The attribute entities as the console stores them: the fields sync sends, no rev or txid. */

const base = (row: { id: string; createdAt: Date; updatedAt: Date; deleted: boolean }) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deleted: row.deleted,
})

export const toAttributeKey = (row: KeyRow): AttributeKey => ({
  ...base(row),
  name: row.name,
  prompt: row.prompt,
  type: row.type,
  controlType: row.controlType,
  config: row.config,
  imagePath: row.imagePath,
  skuId: row.skuId,
  erpId: row.erpId,
  attributeKeyAssociationId: row.attributeKeyAssociationId,
})

export const toAssociation = (row: AssociationRow): AttributeKeyAssociation => ({
  ...base(row),
  sortOrder: row.sortOrder,
  attributeKeyId: row.attributeKeyId,
  parentAssociationId: row.parentAssociationId,
})

export const toOption = (row: OptionRow): AttributeKeyOption => ({
  ...base(row),
  sortOrder: row.sortOrder,
  attributeKeyId: row.attributeKeyId,
  imagePath: row.imagePath,
  label: row.label,
  value: row.value,
})

export const toCondition = (row: ConditionRow): AttributeKeyCondition => ({
  ...base(row),
  attributeKeyId: row.attributeKeyId,
  value: row.value,
  conditionalAssociationId: row.conditionalAssociationId,
})

export const toValue = (row: ValueRow): AttributeValue => ({
  ...base(row),
  refId: row.refId,
  attributeKeyId: row.attributeKeyId,
  attributeKeyAssociationId: row.attributeKeyAssociationId,
  value: row.value,
})
