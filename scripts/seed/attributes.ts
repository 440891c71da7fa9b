import { v7 as uuidv7 } from 'uuid'
import type { ControlType } from '../../schema/attributes'
import type {
  attributeKeyAssociations,
  attributeKeyConditions,
  attributeKeyOptions,
  attributeKeys,
} from '../../server/db/schema/attributes'
import type { Random } from './random'
import { ATTRIBUTE_BRANCHES, ATTRIBUTE_ROOTS, OPTION_WORDS } from './words'

type KeyInsert = typeof attributeKeys.$inferInsert
type AssociationInsert = typeof attributeKeyAssociations.$inferInsert
type OptionInsert = typeof attributeKeyOptions.$inferInsert
type ConditionInsert = typeof attributeKeyConditions.$inferInsert

export interface AttributeTree {
  keys: KeyInsert[]
  associations: AssociationInsert[]
  options: OptionInsert[]
  conditions: ConditionInsert[]
}

interface Leaf {
  key: Omit<KeyInsert, 'id' | 'name'>
  options: string[]
}

/** A question of the editor with a control type its rules allow (SPEC.md §5). */
function leafOf(random: Random): Leaf {
  const kind = random.int(0, 4)
  if (kind === 0) {
    const controlType = random.pick<ControlType>(['SWITCH', 'CHECKBOX', 'RADIO', 'TOGGLE_BUTTON'])
    const config = JSON.stringify({ descreteValues: true })
    return { key: { type: 'BOOLEAN', controlType, config }, options: ['true', 'false'] }
  }
  if (kind === 1) {
    const count = random.int(3, 6)
    const start = random.int(0, OPTION_WORDS.length - count)
    const options = OPTION_WORDS.slice(start, start + count)
    const controlType = random.pick<ControlType>(
      count < 5
        ? ['RADIO', 'SELECT', 'TOGGLE_BUTTON']
        : ['SELECT', 'AUTOCOMPLETE', 'CHECKBOX_MULTI'],
    )
    const config = JSON.stringify({ descreteValues: true, inputOrientation: 'Vertical' })
    return { key: { type: 'STRING', controlType, config }, options }
  }
  if (kind === 2) {
    const config = JSON.stringify({ descreteValues: false, rows: random.int(1, 5) })
    return { key: { type: 'STRING', controlType: 'INPUT', config }, options: [] }
  }
  if (kind === 3) {
    const config = JSON.stringify({ descreteValues: false, min: 0, max: 200, step: 1, unit: 'cm' })
    return { key: { type: 'INTEGER', controlType: 'INPUT', config }, options: [] }
  }
  const config = JSON.stringify({ descreteValues: false, min: 0, max: 50, step: 0.5, unit: 'kg' })
  return { key: { type: 'DECIMAL', controlType: 'INPUT', config }, options: [] }
}

const LEAF_NAMES = ['Color', 'Size', 'Weight', 'Width', 'Height', 'Finish', 'Notes', 'Sterile']

/**
 * A small tree of `count` attribute keys: a few roots, branches under them, and leaves (questions
 * with options where they are discrete) under the branches; one condition per branch whose first
 * leaf has options, including the branch's next leaf for one of those values.
 */
export function attributeTree(random: Random, count: number, now: Date): AttributeTree {
  const tree: AttributeTree = { keys: [], associations: [], options: [], conditions: [] }
  const stamp = () => {
    const at = new Date(now.getTime() - random.int(1, 90) * 86_400_000)
    return { createdAt: at, updatedAt: at }
  }
  const addKey = (
    fields: Omit<KeyInsert, 'id'>,
    parentAssociationId: string | null,
    sortOrder: number,
  ) => {
    const keyId = uuidv7()
    const associationId = uuidv7()
    tree.keys.push({ ...stamp(), ...fields, id: keyId })
    tree.associations.push({
      ...stamp(),
      id: associationId,
      attributeKeyId: keyId,
      parentAssociationId,
      sortOrder,
    })
    return { keyId, associationId }
  }

  const roots = Math.max(1, Math.min(ATTRIBUTE_ROOTS.length, Math.ceil(count / 25)))
  const branches = Math.min(count - roots, Math.round((count - roots) / 5))
  const leaves = count - roots - branches
  const rootIds = Array.from({ length: roots }, (_, i) =>
    addKey({ name: ATTRIBUTE_ROOTS[i] ?? `Catalog ${i + 1}`, type: 'ROOT', config: '{}' }, null, i),
  )
  const branchIds = Array.from({ length: branches }, (_, i) => {
    const root = rootIds[i % roots]!
    const name = `${ATTRIBUTE_BRANCHES[i % ATTRIBUTE_BRANCHES.length]}${i >= ATTRIBUTE_BRANCHES.length ? ` ${i + 1}` : ''}`
    return addKey({ name, type: 'BRANCH', config: '{}' }, root.associationId, Math.floor(i / roots))
  })
  const parents = branchIds.length > 0 ? branchIds : rootIds
  const children = new Map<string, { keyId: string; associationId: string; options: string[] }[]>()
  for (let i = 0; i < leaves; i++) {
    const parent = parents[i % parents.length]!
    const siblings = children.get(parent.associationId) ?? []
    const leaf = leafOf(random)
    const name = `${LEAF_NAMES[i % LEAF_NAMES.length]}${i >= LEAF_NAMES.length ? ` ${i + 1}` : ''}`
    const prompt = `What is the ${name.toLowerCase()}?`
    const ids = addKey({ ...leaf.key, name, prompt }, parent.associationId, siblings.length)
    leaf.options.forEach((value, sortOrder) => {
      const label = value === 'true' ? 'True' : value === 'false' ? 'False' : value
      tree.options.push({
        ...stamp(),
        id: uuidv7(),
        attributeKeyId: ids.keyId,
        label,
        value,
        sortOrder,
      })
    })
    siblings.push({ ...ids, options: leaf.options })
    children.set(parent.associationId, siblings)
  }
  for (const [first, next] of [...children.values()].map((list) => [list[0], list[1]] as const)) {
    const value = first?.options[0]
    if (!first || !next || value === undefined) continue
    tree.conditions.push({
      ...stamp(),
      id: uuidv7(),
      attributeKeyId: first.keyId,
      value,
      conditionalAssociationId: next.associationId,
    })
  }
  return tree
}
