import Type, { type Static } from 'typebox'
import { Base, Id, LiteralUnion } from './common'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()])

export const AttributeTypes = ['ROOT', 'BRANCH', 'INTEGER', 'DECIMAL', 'STRING', 'BOOLEAN'] as const
export type AttributeType = (typeof AttributeTypes)[number]
/** The types a person may choose in the editor; ROOT and BRANCH come from the tree actions. */
export const SelectableAttributeTypes = ['BOOLEAN', 'DECIMAL', 'INTEGER', 'STRING'] as const

export const ControlTypes = [
  'INPUT',
  'RADIO',
  'SELECT',
  'AUTOCOMPLETE',
  'AUTOCOMPLETE_MULTI',
  'CHECKBOX',
  'CHECKBOX_MULTI',
  'CHECKBOX_MULTI_DROPDOWN',
  'TOGGLE_BUTTON',
  'SLIDER',
  'SWITCH',
] as const
export type ControlType = (typeof ControlTypes)[number]

const Synced = { ...Base, deleted: Type.Boolean() }

export const AttributeKey = Type.Object({
  ...Synced,
  name: Type.String(),
  prompt: Nullable(Type.String()),
  type: LiteralUnion(AttributeTypes),
  controlType: Nullable(LiteralUnion(ControlTypes)),
  /** JSON text, default '{}' (SPEC.md §3 'Config keys'). */
  config: Type.String(),
  imagePath: Nullable(Type.String()),
  skuId: Nullable(Type.String()),
  erpId: Nullable(Type.String()),
  attributeKeyAssociationId: Nullable(Id),
})
export type AttributeKey = Static<typeof AttributeKey>

export const AttributeKeyAssociation = Type.Object({
  ...Synced,
  sortOrder: Type.Integer(),
  attributeKeyId: Id,
  /** null means top level. */
  parentAssociationId: Nullable(Id),
})
export type AttributeKeyAssociation = Static<typeof AttributeKeyAssociation>

export const AttributeKeyOption = Type.Object({
  ...Synced,
  sortOrder: Type.Integer(),
  attributeKeyId: Id,
  imagePath: Nullable(Type.String()),
  label: Type.String(),
  value: Type.String(),
})
export type AttributeKeyOption = Static<typeof AttributeKeyOption>

export const AttributeValue = Type.Object({
  ...Synced,
  refId: Type.String(),
  attributeKeyId: Id,
  attributeKeyAssociationId: Nullable(Id),
  value: Type.String(),
})
export type AttributeValue = Static<typeof AttributeValue>

export const AttributeKeyCondition = Type.Object({
  ...Synced,
  attributeKeyId: Id,
  value: Type.String(),
  conditionalAssociationId: Id,
})
export type AttributeKeyCondition = Static<typeof AttributeKeyCondition>
