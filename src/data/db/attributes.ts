import { Dexie, type Table } from 'dexie'
import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../../schema/attributes'
import { CACHE_OPTIONS, type OwnerRow, type SyncState } from './syncState'

/** SPEC.md §9: bumping it makes every console drop and rebuild this cache. */
export const ATTRIBUTES_VERSION = 2

/** Only the indexes the attribute tree reads: children by parent, options and conditions by owner. */
export const ATTRIBUTES_STORES = {
  attributeKeys: 'id',
  attributeKeyAssociations: 'id, parentAssociationId, attributeKeyId',
  attributeKeyOptions: 'id, attributeKeyId',
  attributeKeyConditions: 'id, conditionalAssociationId',
  syncState: 'collection',
} as const

/** The attribute cache: keys, their tree of associations, options and conditions (SPEC.md §7). */
export class AttributesDb extends Dexie {
  declare attributeKeys: Table<AttributeKey, string>
  declare attributeKeyAssociations: Table<AttributeKeyAssociation, string>
  declare attributeKeyOptions: Table<AttributeKeyOption, string>
  declare attributeKeyConditions: Table<AttributeKeyCondition, string>
  declare syncState: Table<SyncState | OwnerRow, string>
  /** Set when an older database was upgraded in place; the version rule then rebuilds it. */
  outdated = false

  constructor(name = 'attributes') {
    super(name, CACHE_OPTIONS)
    this.version(ATTRIBUTES_VERSION)
      .stores(ATTRIBUTES_STORES)
      .upgrade(() => {
        this.outdated = true
      })
  }
}

let instance: AttributesDb | undefined

/** The page's one attribute cache, created on first use so that importing costs nothing. */
export function attributesDb(): AttributesDb {
  instance ??= new AttributesDb()
  return instance
}
