import type { RecordEntity, RecordRow } from '../../../schema/attribute-api'
import { attributesDb } from './attributes'

/** Which local table holds each synced entity; AttributeValue is not cached (SPEC.md §7). */
const TABLES: Record<RecordEntity, string | null> = {
  AttributeKey: 'attributeKeys',
  AttributeKeyAssociation: 'attributeKeyAssociations',
  AttributeKeyOption: 'attributeKeyOptions',
  AttributeKeyCondition: 'attributeKeyConditions',
  AttributeValue: null,
}

/**
 * Writes what the server answered into the attribute cache at once, so the tree and dialogs show
 * it before the sync's pull. A cache that cannot be written does not turn a saved change into a
 * failure: the sync brings the row anyway.
 */
export async function storeAttributeRows<E extends RecordEntity>(
  entity: E,
  rows: RecordRow<E>[],
): Promise<void> {
  const name = TABLES[entity]
  if (!name) return
  const table = attributesDb().table(name)
  await table.bulkPut(rows).catch(() => undefined)
}

/** Stores a saved row and hands it on. */
export async function keptRecord<E extends RecordEntity>(
  entity: E,
  saving: Promise<RecordRow<E>>,
): Promise<RecordRow<E>> {
  const row = await saving
  await storeAttributeRows(entity, [row])
  return row
}
