import type { Table } from 'dexie'
import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../../schema/attributes'
import { lazyDb, VersionedDb } from './openCache'

/** SPEC.md §9: bumping it makes every console drop and rebuild this cache. */
export const ATTRIBUTES_VERSION = 2

/** Only the indexes the attribute tree reads: children by parent, options and conditions by owner. */
export const ATTRIBUTES_STORES = {
  attributeKeys: 'id',
  attributeKeyAssociations: 'id, parentAssociationId, attributeKeyId',
  attributeKeyOptions: 'id, attributeKeyId',
  attributeKeyConditions: 'id, conditionalAssociationId',
} as const

/** The attribute cache: keys, their tree of associations, options and conditions (SPEC.md §7). */
export class AttributesDb extends VersionedDb {
  declare attributeKeys: Table<AttributeKey, string>
  declare attributeKeyAssociations: Table<AttributeKeyAssociation, string>
  declare attributeKeyOptions: Table<AttributeKeyOption, string>
  declare attributeKeyConditions: Table<AttributeKeyCondition, string>

  constructor(name = 'attributes') {
    super(name, ATTRIBUTES_VERSION, ATTRIBUTES_STORES)
  }
}

/** The page's one attribute cache. */
export const attributesDb = lazyDb(() => new AttributesDb())
