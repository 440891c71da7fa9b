import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import type { AttributeType, ControlType } from '../../../schema/attributes'
import { id, stamps, syncColumns } from './columns'

/** The product-attribute tables of SPEC.md §3; deletion is a flag, as the console hides deleted rows. */
const common = () => ({
  id: id(),
  ...stamps(),
  deleted: boolean('deleted').notNull().default(false),
})

export const attributeKeys = pgTable(
  'attribute_keys',
  {
    ...common(),
    name: text('name').notNull(),
    prompt: text('prompt'),
    type: text('type').notNull().$type<AttributeType>(),
    controlType: text('control_type').$type<ControlType>(),
    config: text('config').notNull().default('{}'),
    imagePath: text('image_path'),
    skuId: text('sku_id'),
    erpId: text('erp_id'),
    attributeKeyAssociationId: uuid('attribute_key_association_id'),
    ...syncColumns(),
  },
  (t) => [
    index('attribute_keys_rev_idx').on(t.rev),
    check(
      'attribute_keys_type_known',
      sql`${t.type} in ('ROOT', 'BRANCH', 'INTEGER', 'DECIMAL', 'STRING', 'BOOLEAN')`,
    ),
  ],
)

export const attributeKeyAssociations = pgTable(
  'attribute_key_associations',
  {
    ...common(),
    sortOrder: integer('sort_order').notNull().default(0),
    attributeKeyId: uuid('attribute_key_id')
      .notNull()
      .references(() => attributeKeys.id),
    parentAssociationId: uuid('parent_association_id').references(
      (): AnyPgColumn => attributeKeyAssociations.id,
    ),
    ...syncColumns(),
  },
  (t) => [
    index('attribute_key_associations_parent_idx').on(t.parentAssociationId, t.sortOrder),
    index('attribute_key_associations_rev_idx').on(t.rev),
  ],
)

export const attributeKeyOptions = pgTable(
  'attribute_key_options',
  {
    ...common(),
    sortOrder: integer('sort_order').notNull().default(0),
    attributeKeyId: uuid('attribute_key_id')
      .notNull()
      .references(() => attributeKeys.id),
    imagePath: text('image_path'),
    label: text('label').notNull(),
    value: text('value').notNull(),
    ...syncColumns(),
  },
  (t) => [
    index('attribute_key_options_key_idx').on(t.attributeKeyId),
    index('attribute_key_options_rev_idx').on(t.rev),
  ],
)

/** Not one of the synced collections (schema/sync.ts), so no rev. */
export const attributeValues = pgTable(
  'attribute_values',
  {
    ...common(),
    refId: text('ref_id').notNull(),
    attributeKeyId: uuid('attribute_key_id')
      .notNull()
      .references(() => attributeKeys.id),
    attributeKeyAssociationId: uuid('attribute_key_association_id').references(
      () => attributeKeyAssociations.id,
    ),
    value: text('value').notNull(),
  },
  (t) => [index('attribute_values_ref_idx').on(t.refId)],
)

export const attributeKeyConditions = pgTable(
  'attribute_key_conditions',
  {
    ...common(),
    attributeKeyId: uuid('attribute_key_id')
      .notNull()
      .references(() => attributeKeys.id),
    value: text('value').notNull(),
    conditionalAssociationId: uuid('conditional_association_id')
      .notNull()
      .references(() => attributeKeyAssociations.id),
    ...syncColumns(),
  },
  (t) => [index('attribute_key_conditions_rev_idx').on(t.rev)],
)

export type KeyRow = typeof attributeKeys.$inferSelect
export type AssociationRow = typeof attributeKeyAssociations.$inferSelect
export type OptionRow = typeof attributeKeyOptions.$inferSelect
export type ConditionRow = typeof attributeKeyConditions.$inferSelect
export type ValueRow = typeof attributeValues.$inferSelect
