import type { Static } from 'typebox'
import type { AttributeValueWrite, RecordEntity, RecordWrite } from '../../schema/attribute-api'
import { isContainerType } from '../../schema/attribute-rules'
import type { Db } from '../db/types'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  type AssociationRow,
  type ConditionRow,
  type KeyRow,
  type OptionRow,
  type ValueRow,
  findAssociation,
  findKey,
  findValue,
  insertRow,
  liveValuesOf,
  updateRow,
} from '../repos/attributes'
import { type AttributeContext, checkAnswer, noSuch, refuse, required } from './attribute-checks'
import { saveKey, saveOption } from './attribute-keys'
import { removeSubtree } from './attribute-links'
import { type Saved, changedFields } from './attribute-saved'
import { saveAssociation, saveCondition } from './attribute-tree'

type ValueWrite = Static<typeof AttributeValueWrite>

/** The stored row of each entity. */
export interface RecordRows {
  AttributeKey: KeyRow
  AttributeKeyAssociation: AssociationRow
  AttributeKeyOption: OptionRow
  AttributeKeyCondition: ConditionRow
  AttributeValue: ValueRow
}

/** A respondent's answer: to a live leaf, through an association of that key when one is named. */
async function saveValue(tx: Db, id: string | null, record: ValueWrite): Promise<Saved<ValueRow>> {
  const current = id ? await findValue(tx, id, true) : undefined
  if (id && !current) throw noSuch('attribute value', id)
  const refId = record.refId ?? current?.refId
  if (!refId) throw required('refId')
  const keyId = record.attributeKeyId ?? current?.attributeKeyId
  if (!keyId) throw required('attributeKeyId')
  const value = record.value ?? current?.value
  if (value === undefined) throw required('value')
  const next = {
    refId,
    attributeKeyId: keyId,
    attributeKeyAssociationId:
      record.attributeKeyAssociationId === undefined
        ? (current?.attributeKeyAssociationId ?? null)
        : record.attributeKeyAssociationId,
    value,
    deleted: record.deleted ?? current?.deleted ?? false,
  }
  const key = await findKey(tx, keyId)
  if (!key) throw noSuch('attribute key', keyId)
  const associationId = next.attributeKeyAssociationId
  const association = associationId ? await findAssociation(tx, associationId) : undefined
  if (associationId && !association) throw noSuch('attribute key association', associationId)
  if (!next.deleted) {
    if (key.deleted) throw refuse('Key', 'the key is deleted')
    if (isContainerType(key.type)) throw refuse('Key', `a ${key.type} key takes no answer`)
    if (association && association.attributeKeyId !== keyId)
      throw refuse('Association', 'it links another key')
    checkAnswer(key.type, value)
  }
  if (!current) return { row: await insertRow(tx, 'AttributeValue', next), change: 'created' }
  const fields = changedFields(current, next)
  if (fields.length === 0) return { row: current, change: 'unchanged' }
  return { row: await updateRow(tx, 'AttributeValue', current.id, next), change: 'updated', fields }
}

async function saveAny(
  ctx: AttributeContext,
  tx: Db,
  entity: RecordEntity,
  id: string | null,
  record: unknown,
): Promise<Saved<RecordRows[RecordEntity]>> {
  // Each record has passed the schema of its entity (the route's body schema).
  switch (entity) {
    case 'AttributeKey':
      return saveKey(ctx, tx, id, record as RecordWrite<'AttributeKey'>)
    case 'AttributeKeyOption':
      return saveOption(ctx, tx, id, record as RecordWrite<'AttributeKeyOption'>)
    case 'AttributeKeyAssociation':
      return saveAssociation(
        tx,
        id,
        record as RecordWrite<'AttributeKeyAssociation'>,
        async (t, row) => (await removeSubtree(t, row)).row,
      )
    case 'AttributeKeyCondition':
      return saveCondition(tx, id, record as RecordWrite<'AttributeKeyCondition'>)
    case 'AttributeValue':
      return saveValue(tx, id, record as RecordWrite<'AttributeValue'>)
  }
}

/**
 * `POST /v1/record/:entity`: creates (no id) or updates (an id; only the fields the record carries)
 * one record in a transaction with its audit row. A save that changes nothing writes nothing.
 */
export async function saveRecord<E extends RecordEntity>(
  ctx: AttributeContext,
  actorId: string,
  entity: E,
  id: string | null,
  record: RecordWrite<E>,
): Promise<RecordRows[E]> {
  return ctx.db.transaction(async (tx) => {
    const saved = await saveAny(ctx, tx, entity, id, record)
    if (saved.change !== 'unchanged') {
      await recordAudit(tx, ctx.client, {
        action: AuditAction.attributeSaved,
        outcome: 'success',
        actorUserId: actorId,
        detail: {
          entity,
          id: saved.row.id,
          change: saved.change,
          ...(saved.change === 'updated' ? { fields: saved.fields } : {}),
        },
      })
    }
    return saved.row as RecordRows[E]
  })
}

/** `GET /v1/attributeValues/:refId`: the live answers stored against one reference. */
export const valuesOf = (ctx: AttributeContext, refId: string) => liveValuesOf(ctx.db, refId)
