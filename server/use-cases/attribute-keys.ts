import type { AttributeKeyOptionWrite, AttributeKeyWrite } from '../../schema/attribute-api'
import {
  ATTRIBUTE_LIMITS,
  BOOLEAN_OPTIONS,
  VALUE_SEPARATOR,
  isContainerType,
} from '../../schema/attribute-rules'
import type { Static } from 'typebox'
import type { Db } from '../db/types'
import { conflict } from '../errors'
import {
  type KeyRow,
  type OptionRow,
  findAssociation,
  findKey,
  findOption,
  insertRow,
  liveAssociationsOfKey,
  liveOptionsOf,
  updateRow,
} from '../repos/attributes'
import {
  type AttributeContext,
  checkImagePath,
  checkKeyShape,
  checkLength,
  releaseImagePath,
  noSuch,
  refuse,
  required,
} from './attribute-checks'
import { type Saved, changedFields } from './attribute-saved'

type KeyWrite = Static<typeof AttributeKeyWrite>
type OptionWrite = Static<typeof AttributeKeyOptionWrite>

const BOOLEAN_VALUES: readonly string[] = BOOLEAN_OPTIONS.map((option) => option.value)

/** A key whose type changes: what its links and options allow. */
async function checkTypeChange(db: Db, current: KeyRow, type: KeyRow['type']) {
  if (current.type === type) return
  const linked = (await liveAssociationsOfKey(db, current.id)).length > 0
  if (linked && (isContainerType(current.type) || isContainerType(type)))
    throw refuse(
      'Type',
      `a linked ${current.type} key cannot become ${type}; remove its links first`,
    )
  const options = await liveOptionsOf(db, [current.id])
  if (options.length > 0 && isContainerType(type))
    throw refuse('Type', `a key with options cannot become ${type}`)
  if (type === 'BOOLEAN' && options.some((option) => !BOOLEAN_VALUES.includes(option.value)))
    throw refuse('Type', "a BOOLEAN key's options can only have the values 'true' and 'false'")
}

/**
 * Creates or updates an AttributeKey (docs/attributes.md 'AttributeKey'). A key with live links
 * cannot be deleted: Remove Link takes it out of the tree first.
 */
export async function saveKey(
  ctx: AttributeContext,
  tx: Db,
  id: string | null,
  record: KeyWrite,
): Promise<Saved<KeyRow>> {
  const current = id ? await findKey(tx, id, true) : undefined
  if (id && !current) throw noSuch('attribute key', id)
  const type = record.type ?? current?.type
  if (!type) throw required('type')
  const next = {
    name: record.name?.trim() ?? current?.name ?? '',
    prompt: record.prompt === undefined ? (current?.prompt ?? null) : record.prompt,
    type,
    controlType:
      record.controlType === undefined ? (current?.controlType ?? null) : record.controlType,
    config: record.config ?? current?.config ?? '{}',
    imagePath: record.imagePath === undefined ? (current?.imagePath ?? null) : record.imagePath,
    skuId: record.skuId === undefined ? (current?.skuId ?? null) : record.skuId,
    erpId: record.erpId === undefined ? (current?.erpId ?? null) : record.erpId,
    attributeKeyAssociationId:
      record.attributeKeyAssociationId === undefined
        ? (current?.attributeKeyAssociationId ?? null)
        : record.attributeKeyAssociationId,
    deleted: record.deleted ?? current?.deleted ?? false,
  }
  checkLength('Name', next.name, ATTRIBUTE_LIMITS.nameMax)
  checkLength('Prompt', next.prompt, ATTRIBUTE_LIMITS.promptMax)
  checkKeyShape(next)
  if (isContainerType(type)) next.config = '{}'
  if (next.imagePath !== (current?.imagePath ?? null))
    await checkImagePath(ctx, 'Image', next.imagePath, tx)
  const association = next.attributeKeyAssociationId
  if (association && association !== current?.attributeKeyAssociationId) {
    if (!(await findAssociation(tx, association)))
      throw noSuch('attribute key association', association)
  }
  if (!current) return { row: await insertRow(tx, 'AttributeKey', next), change: 'created' }

  await checkTypeChange(tx, current, type)
  if (next.deleted && !current.deleted && (await liveAssociationsOfKey(tx, current.id)).length > 0)
    throw conflict('Remove the links to this key before deleting it.')
  const fields = changedFields(current, next)
  if (fields.length === 0) return { row: current, change: 'unchanged' }
  const row = await updateRow(tx, 'AttributeKey', current.id, next)
  if (next.imagePath !== current.imagePath) await releaseImagePath(ctx, tx, current.imagePath)
  return { row, change: 'updated', fields }
}

/**
 * Creates or updates an AttributeKeyOption: it belongs to a live leaf key for good; BOOLEAN keys
 * take only 'true' and 'false'; a value cannot hold ';', which joins the values of one answer.
 */
export async function saveOption(
  ctx: AttributeContext,
  tx: Db,
  id: string | null,
  record: OptionWrite,
): Promise<Saved<OptionRow>> {
  const current = id ? await findOption(tx, id, true) : undefined
  if (id && !current) throw noSuch('attribute key option', id)
  const keyId = record.attributeKeyId ?? current?.attributeKeyId
  if (!keyId) throw required('attributeKeyId')
  if (current && keyId !== current.attributeKeyId)
    throw refuse('Key', 'an option cannot move to another key')
  const label = record.label ?? current?.label
  if (label === undefined) throw required('label')
  const value = record.value ?? current?.value
  if (value === undefined) throw required('value')
  const next = {
    attributeKeyId: keyId,
    label,
    value,
    sortOrder: record.sortOrder ?? current?.sortOrder ?? 0,
    imagePath: record.imagePath === undefined ? (current?.imagePath ?? null) : record.imagePath,
    deleted: record.deleted ?? current?.deleted ?? false,
  }
  const key = await findKey(tx, keyId)
  if (!key) throw noSuch('attribute key', keyId)
  if (!next.deleted) {
    if (key.deleted) throw refuse('Key', 'the key is deleted')
    if (isContainerType(key.type)) throw refuse('Key', `a ${key.type} key has no options`)
  }
  checkLength('Label', label, ATTRIBUTE_LIMITS.labelMax)
  checkLength('Value', value, ATTRIBUTE_LIMITS.valueMax)
  // A deleted option is never offered, so what it says no longer matters (the dialog may save an
  // option it added and deleted again before saving).
  if (!next.deleted) {
    if (value.trim() === '') throw refuse('Value', 'must not be empty')
    if (value.includes(VALUE_SEPARATOR))
      throw refuse('Value', `must not contain '${VALUE_SEPARATOR}', which separates chosen values`)
    if (key.type === 'BOOLEAN' && !BOOLEAN_VALUES.includes(value))
      throw refuse('Value', "a BOOLEAN key's options can only have the values 'true' and 'false'")
  }
  if (next.imagePath !== (current?.imagePath ?? null))
    await checkImagePath(ctx, 'Image', next.imagePath, tx)
  if (!current) return { row: await insertRow(tx, 'AttributeKeyOption', next), change: 'created' }
  const fields = changedFields(current, next)
  if (fields.length === 0) return { row: current, change: 'unchanged' }
  const row = await updateRow(tx, 'AttributeKeyOption', current.id, next)
  if (next.imagePath !== current.imagePath) await releaseImagePath(ctx, tx, current.imagePath)
  return { row, change: 'updated', fields }
}
