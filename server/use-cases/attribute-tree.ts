import type {
  AttributeKeyAssociationWrite,
  AttributeKeyConditionWrite,
} from '../../schema/attribute-api'
import {
  ATTRIBUTE_LIMITS,
  type TreeLink,
  childrenOf,
  isContainerType,
  isSelfOrDescendant,
  laterSiblings,
  splitValues,
} from '../../schema/attribute-rules'
import type { Static } from 'typebox'
import type { Db } from '../db/types'
import { unprocessable } from '../errors'
import {
  type AssociationRow,
  type ConditionRow,
  associationsUnder,
  findAssociation,
  findCondition,
  findKey,
  insertRow,
  levelOf,
  updateRow,
} from '../repos/attributes'
import { checkLength, choicesOf, noSuch, refuse, required } from './attribute-checks'
import { type Saved, changedFields } from './attribute-saved'

type AssociationWrite = Static<typeof AttributeKeyAssociationWrite>
type ConditionWrite = Static<typeof AttributeKeyConditionWrite>

export const TARGET = 'Affected Branch/Leaf'
export const notLater = () =>
  unprocessable('The affected item must come after the conditioned leaf.')

export const toLink = (row: AssociationRow): TreeLink => ({
  id: row.id,
  parentAssociationId: row.parentAssociationId,
  sortOrder: row.sortOrder,
  attributeKeyId: row.attributeKeyId,
  deleted: row.deleted,
  createdAt: row.createdAt.toISOString(),
})

/** A parent's live children in the editor's order (sortOrder, then creation). */
export async function liveChildren(db: Db, parentId: string): Promise<TreeLink[]> {
  return childrenOf((await associationsUnder(db, parentId)).map(toLink), parentId)
}

/** The ancestors of `id` (itself included) as a parent lookup, for isSelfOrDescendant. */
async function parentChain(db: Db, id: string): Promise<Map<string, string | null>> {
  const parents = new Map<string, string | null>()
  for (let at: string | null = id; at && !parents.has(at);) {
    const row = await findAssociation(db, at)
    if (!row) break
    parents.set(at, row.parentAssociationId)
    at = row.parentAssociationId
  }
  return parents
}

/**
 * Whether a condition can stand: `target` is live and below a parent, and a live association of the
 * leaf `keyId` is an earlier sibling of it (SPEC.md §2: only later siblings are offered).
 */
export async function conditionHolds(db: Db, keyId: string, target: AssociationRow) {
  if (target.deleted || !target.parentAssociationId) return false
  const siblings = await liveChildren(db, target.parentAssociationId)
  return siblings.some(
    (link) =>
      link.attributeKeyId === keyId &&
      laterSiblings(siblings, link.id).some((later) => later.id === target.id),
  )
}

/**
 * Creates or updates an association (docs/attributes.md 'AttributeKeyAssociation'). Deleting one
 * through the record goes the way of Remove Link, so its subtree goes too (`remove`).
 */
export async function saveAssociation(
  tx: Db,
  id: string | null,
  record: AssociationWrite,
  remove: (tx: Db, row: AssociationRow) => Promise<AssociationRow>,
): Promise<Saved<AssociationRow>> {
  const current = id ? await findAssociation(tx, id, true) : undefined
  if (id && !current) throw noSuch('attribute key association', id)
  const keyId = record.attributeKeyId ?? current?.attributeKeyId
  if (!keyId) throw required('attributeKeyId')
  const next = {
    attributeKeyId: keyId,
    parentAssociationId:
      record.parentAssociationId === undefined
        ? (current?.parentAssociationId ?? null)
        : record.parentAssociationId,
    sortOrder: record.sortOrder ?? current?.sortOrder ?? 0,
    deleted: record.deleted ?? current?.deleted ?? false,
  }
  if (current && next.deleted && !current.deleted) {
    return { row: await remove(tx, current), change: 'updated', fields: ['deleted'] }
  }
  const key = await findKey(tx, keyId)
  if (!key) throw noSuch('attribute key', keyId)
  if (!next.deleted) {
    if (key.deleted) throw refuse('Key', 'the key is deleted')
    const parentId = next.parentAssociationId
    if (parentId) {
      const parent = await findAssociation(tx, parentId, true)
      if (!parent) throw noSuch('parent association', parentId)
      if (parent.deleted) throw refuse('Parent', 'the parent item is deleted')
      const parentKey = await findKey(tx, parent.attributeKeyId)
      if (!parentKey || !isContainerType(parentKey.type))
        throw refuse('Parent', `a ${parentKey?.type ?? 'missing'} item cannot hold other items`)
      if (current) {
        const chain = await parentChain(tx, parentId)
        if (isSelfOrDescendant((at) => chain.get(at), current.id, parentId))
          throw unprocessable('An item cannot be placed inside itself.')
      }
      // A new link, or one brought back, deepens the tree; the parent is locked, and an item never
      // changes parent, so its level cannot change meanwhile.
      if (!current || current.deleted) {
        const max = ATTRIBUTE_LIMITS.depth
        if ((await levelOf(tx, parentId, max)) + 1 > max)
          throw refuse('Parent', `an item can sit at most ${max} levels below its top-level item`)
      }
      if (key.type === 'ROOT') throw refuse('Parent', 'a ROOT item sits only at the top level')
    } else if (key.type !== 'ROOT') {
      throw refuse(
        'Parent',
        `only ROOT items sit at the top level; a ${key.type} item needs a parent`,
      )
    }
    if (current && parentId !== current.parentAssociationId)
      throw refuse('Parent', 'an item can only be reordered within its parent')
    if (current && !isContainerType(key.type) && (await liveChildren(tx, current.id)).length > 0)
      throw refuse('Key', `a ${key.type} item cannot hold the items below this one`)
  }
  if (!current)
    return { row: await insertRow(tx, 'AttributeKeyAssociation', next), change: 'created' }
  const fields = changedFields(current, next)
  if (fields.length === 0) return { row: current, change: 'unchanged' }
  return {
    row: await updateRow(tx, 'AttributeKeyAssociation', current.id, next),
    change: 'updated',
    fields,
  }
}

/**
 * Creates or updates a condition: 'when the leaf `attributeKeyId` has one of `value` (joined by
 * ';'), include `conditionalAssociationId`'. The leaf must be an earlier sibling of the item it
 * includes, and every value one it can have.
 */
export async function saveCondition(
  tx: Db,
  id: string | null,
  record: ConditionWrite,
): Promise<Saved<ConditionRow>> {
  const current = id ? await findCondition(tx, id, true) : undefined
  if (id && !current) throw noSuch('attribute key condition', id)
  const keyId = record.attributeKeyId ?? current?.attributeKeyId
  if (!keyId) throw required('attributeKeyId')
  const value = record.value ?? current?.value
  if (value === undefined) throw required('value')
  const targetId = record.conditionalAssociationId ?? current?.conditionalAssociationId
  if (!targetId) throw required('conditionalAssociationId')
  const next = {
    attributeKeyId: keyId,
    value,
    conditionalAssociationId: targetId,
    deleted: record.deleted ?? current?.deleted ?? false,
  }
  const key = await findKey(tx, keyId)
  if (!key) throw noSuch('attribute key', keyId)
  const target = await findAssociation(tx, targetId)
  if (!target) throw noSuch('attribute key association', targetId)
  if (!next.deleted) {
    if (key.deleted) throw refuse('Key', 'the key is deleted')
    if (isContainerType(key.type)) throw refuse('Key', `a ${key.type} key has no values to test`)
    if (target.deleted) throw refuse(TARGET, 'the item is deleted')
    if (!target.parentAssociationId) throw refuse(TARGET, 'a top-level item cannot be conditional')
    if (!(await conditionHolds(tx, keyId, target))) throw notLater()
    checkLength('Value', value, ATTRIBUTE_LIMITS.answerMax)
    const values = splitValues(value)
    if (values.length === 0) throw refuse('Value', 'choose at least one value')
    const choices = await choicesOf(tx, key)
    const unknown = values.filter((part) => !choices.has(part))
    if (unknown.length > 0)
      throw refuse(
        'Value',
        `${unknown.map((part) => `'${part}'`).join(', ')} is not a value of ${key.name || 'the key'}`,
      )
  }
  if (!current)
    return { row: await insertRow(tx, 'AttributeKeyCondition', next), change: 'created' }
  const fields = changedFields(current, next)
  if (fields.length === 0) return { row: current, change: 'unchanged' }
  return {
    row: await updateRow(tx, 'AttributeKeyCondition', current.id, next),
    change: 'updated',
    fields,
  }
}
