import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../../schema/attributes'
import {
  attributeKeyAssociations,
  attributeKeyConditions,
  attributeKeyOptions,
  attributeKeys,
} from '../../db/schema/attributes'
import type { Db } from '../../db/types'
import { type Change, type ChangeWindow, changeOrder, inWindow, iso } from './window'

/** The attribute collections in change order; each reader names the fields of its entity. */

export async function readAttributeKeys(
  db: Db,
  window: ChangeWindow,
): Promise<Change<AttributeKey>[]> {
  const rows = await db
    .select()
    .from(attributeKeys)
    .where(inWindow(attributeKeys, window))
    .orderBy(...changeOrder(attributeKeys))
    .limit(window.limit)
  return rows.map((row) => ({
    txid: row.txid,
    rev: row.rev,
    node: {
      id: row.id,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      deleted: row.deleted,
      name: row.name,
      prompt: row.prompt,
      type: row.type,
      controlType: row.controlType,
      config: row.config,
      imagePath: row.imagePath,
      skuId: row.skuId,
      erpId: row.erpId,
      attributeKeyAssociationId: row.attributeKeyAssociationId,
    },
  }))
}

export async function readAttributeKeyAssociations(
  db: Db,
  window: ChangeWindow,
): Promise<Change<AttributeKeyAssociation>[]> {
  const rows = await db
    .select()
    .from(attributeKeyAssociations)
    .where(inWindow(attributeKeyAssociations, window))
    .orderBy(...changeOrder(attributeKeyAssociations))
    .limit(window.limit)
  return rows.map((row) => ({
    txid: row.txid,
    rev: row.rev,
    node: {
      id: row.id,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      deleted: row.deleted,
      sortOrder: row.sortOrder,
      attributeKeyId: row.attributeKeyId,
      parentAssociationId: row.parentAssociationId,
    },
  }))
}

export async function readAttributeKeyOptions(
  db: Db,
  window: ChangeWindow,
): Promise<Change<AttributeKeyOption>[]> {
  const rows = await db
    .select()
    .from(attributeKeyOptions)
    .where(inWindow(attributeKeyOptions, window))
    .orderBy(...changeOrder(attributeKeyOptions))
    .limit(window.limit)
  return rows.map((row) => ({
    txid: row.txid,
    rev: row.rev,
    node: {
      id: row.id,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      deleted: row.deleted,
      sortOrder: row.sortOrder,
      attributeKeyId: row.attributeKeyId,
      imagePath: row.imagePath,
      label: row.label,
      value: row.value,
    },
  }))
}

export async function readAttributeKeyConditions(
  db: Db,
  window: ChangeWindow,
): Promise<Change<AttributeKeyCondition>[]> {
  const rows = await db
    .select()
    .from(attributeKeyConditions)
    .where(inWindow(attributeKeyConditions, window))
    .orderBy(...changeOrder(attributeKeyConditions))
    .limit(window.limit)
  return rows.map((row) => ({
    txid: row.txid,
    rev: row.rev,
    node: {
      id: row.id,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      deleted: row.deleted,
      attributeKeyId: row.attributeKeyId,
      value: row.value,
      conditionalAssociationId: row.conditionalAssociationId,
    },
  }))
}
