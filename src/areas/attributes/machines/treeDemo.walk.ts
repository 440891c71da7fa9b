import {
  ATTRIBUTE_LIMITS,
  childrenOf,
  isIncluded,
  isContainerType,
} from '../../../../schema/attribute-rules'
import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyOption,
} from '../../../../schema/attributes'
import type { DemoRows } from '../../../data/db/attributeDemo'

export type { DemoRows }

/** One question or heading on the respondent's page, in reading order. */
export type DemoItem = {
  association: AttributeKeyAssociation
  key: AttributeKey
  /** The key's live options by sortOrder. */
  options: AttributeKeyOption[]
  /** 0 for the root's own children. */
  depth: number
  kind: 'heading' | 'question'
  /** True when conditions decide whether it shows (it shows now). */
  conditional: boolean
}

/** No tree the server keeps is deeper; the bound stops a corrupt cycle from hanging the page. */
const MAX_DEPTH = ATTRIBUTE_LIMITS.depth

/**
 * Walks a root's tree as a respondent meets it: depth first, children by sortOrder, and an item
 * with conditions only when one of them holds for the answers given so far (isIncluded). An
 * excluded branch hides everything below it. Pure: the demo recomputes it after every answer.
 */
export function walkTree(
  rows: DemoRows,
  rootAssociationId: string,
  answerOf: (associationId: string) => string | undefined,
): DemoItem[] {
  const keys = new Map(rows.keys.map((key) => [key.id, key]))
  const optionsByKey = new Map<string, AttributeKeyOption[]>()
  for (const option of rows.options) {
    if (option.deleted) continue
    const list = optionsByKey.get(option.attributeKeyId) ?? []
    list.push(option)
    optionsByKey.set(option.attributeKeyId, list)
  }
  for (const list of optionsByKey.values())
    list.sort((a, b) => a.sortOrder - b.sortOrder || a.createdAt.localeCompare(b.createdAt))
  const conditions = rows.conditions.filter((condition) => !condition.deleted)
  const conditioned = new Set(conditions.map((condition) => condition.conditionalAssociationId))

  const items: DemoItem[] = []
  const visit = (parentId: string, depth: number) => {
    if (depth > MAX_DEPTH) return
    const siblings = childrenOf(rows.associations, parentId)
    for (const association of siblings) {
      const key = keys.get(association.attributeKeyId)
      if (!key || key.deleted) continue
      if (!isIncluded(association, siblings, conditions, answerOf)) continue
      const container = isContainerType(key.type)
      items.push({
        association,
        key,
        options: optionsByKey.get(key.id) ?? [],
        depth,
        kind: container ? 'heading' : 'question',
        conditional: conditioned.has(association.id),
      })
      if (container) visit(association.id, depth + 1)
    }
  }
  visit(rootAssociationId, 0)
  return items
}
