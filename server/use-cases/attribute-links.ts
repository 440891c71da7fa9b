import type { ReorderBody } from '../../schema/attribute-api'
import type { Db } from '../db/types'
import { conflict } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  type AssociationRow,
  findAssociation,
  liveConditionsBy,
  liveConditionsOn,
  liveSubtree,
  markDeleted,
  updateRow,
} from '../repos/attributes'
import { type AttributeContext, noSuch, refuse } from './attribute-checks'
import { conditionHolds, liveChildren } from './attribute-tree'

/**
 * Remove Link inside a transaction: the association, every live association below it, the
 * conditions that include any of them, and the conditions decided by a leaf among them that no
 * other earlier sibling still decides, are all soft-deleted. Answers the association as it now is.
 */
export async function removeSubtree(
  tx: Db,
  row: AssociationRow,
): Promise<{ row: AssociationRow; associations: number; conditions: number }> {
  const below = await liveSubtree(tx, row.id)
  const removed = [row, ...below]
  const removedIds = removed.map((link) => link.id)
  await markDeleted(tx, 'AttributeKeyAssociation', removedIds)
  const targeting = await liveConditionsOn(tx, removedIds)
  const decided = await liveConditionsBy(tx, [
    ...new Set(removed.map((link) => link.attributeKeyId)),
  ])
  const orphaned: string[] = targeting.map((condition) => condition.id)
  for (const condition of decided) {
    if (orphaned.includes(condition.id)) continue
    const target = await findAssociation(tx, condition.conditionalAssociationId)
    if (!target || !(await conditionHolds(tx, condition.attributeKeyId, target)))
      orphaned.push(condition.id)
  }
  await markDeleted(tx, 'AttributeKeyCondition', orphaned)
  const updated = await findAssociation(tx, row.id)
  return { row: updated ?? row, associations: removed.length, conditions: orphaned.length }
}

/** DELETE /v1/attributeKeyAssociation/:id: Remove Link in one transaction with its audit row. */
export async function removeLink(ctx: AttributeContext, actorId: string, id: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await findAssociation(tx, id, true)
    if (!row) throw noSuch('attribute key association', id)
    if (row.deleted) return row
    const result = await removeSubtree(tx, row)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.attributeRemoved,
      outcome: 'success',
      actorUserId: actorId,
      detail: {
        entity: 'AttributeKeyAssociation',
        id,
        attributeKeyId: row.attributeKeyId,
        associations: result.associations,
        conditions: result.conditions,
      },
    })
    return result.row
  })
}

/**
 * POST /v1/attributeKeyAssociations/reorder: `ids` must be exactly the parent's live children
 * (409 otherwise, as the list the console saw is out of date); each gets its index as sortOrder.
 */
export async function reorderChildren(
  ctx: AttributeContext,
  actorId: string,
  body: ReorderBody,
): Promise<AssociationRow[]> {
  return ctx.db.transaction(async (tx) => {
    const parent = await findAssociation(tx, body.parentAssociationId, true)
    if (!parent) throw noSuch('parent association', body.parentAssociationId)
    if (parent.deleted) throw refuse('Parent', 'the parent item is deleted')
    const children = await liveChildren(tx, parent.id)
    const known = new Set(children.map((link) => link.id))
    const sent = new Set(body.ids)
    const strangers = body.ids.filter((id) => !known.has(id))
    const missing = children.filter((link) => !sent.has(link.id)).map((link) => link.id)
    if (strangers.length > 0 || missing.length > 0) {
      const parts = [
        strangers.length ? `not live children: ${strangers.join(', ')}` : '',
        missing.length ? `missing: ${missing.join(', ')}` : '',
      ].filter(Boolean)
      throw conflict(
        `The ids must be exactly the live children of the parent (${parts.join('; ')}). Reload and try again.`,
      )
    }
    const rows: AssociationRow[] = []
    let changed = 0
    for (const [index, id] of body.ids.entries()) {
      const link = children.find((child) => child.id === id)!
      if (link.sortOrder === index) {
        const row = await findAssociation(tx, id)
        if (row) rows.push(row)
        continue
      }
      changed += 1
      rows.push(await updateRow(tx, 'AttributeKeyAssociation', id, { sortOrder: index }))
    }
    if (changed > 0) {
      await recordAudit(tx, ctx.client, {
        action: AuditAction.attributeReordered,
        outcome: 'success',
        actorUserId: actorId,
        detail: { parentAssociationId: parent.id, ids: body.ids },
      })
    }
    return rows
  })
}
