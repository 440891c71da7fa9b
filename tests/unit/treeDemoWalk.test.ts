import { describe, expect, it } from 'vitest'
import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../schema/attributes'
import { ATTRIBUTE_LIMITS } from '../../schema/attribute-rules'
import { walkTree, type DemoRows } from '../../src/areas/attributes/machines/treeDemo.walk'

const at = '2026-11-22T10:00:00.000Z'
let serial = 0
const id = () => `00000000-0000-7000-8000-${String(++serial).padStart(12, '0')}`

function key(
  name: string,
  type: AttributeKey['type'],
  extra: Partial<AttributeKey> = {},
): AttributeKey {
  return {
    id: id(),
    createdAt: at,
    updatedAt: at,
    deleted: false,
    name,
    prompt: null,
    type,
    controlType: type === 'ROOT' || type === 'BRANCH' ? null : 'SELECT',
    config: '{}',
    imagePath: null,
    skuId: null,
    erpId: null,
    attributeKeyAssociationId: null,
    ...extra,
  }
}
function link(
  k: AttributeKey,
  parent: AttributeKeyAssociation | null,
  sortOrder: number,
  extra: Partial<AttributeKeyAssociation> = {},
): AttributeKeyAssociation {
  return {
    id: id(),
    createdAt: at,
    updatedAt: at,
    deleted: false,
    sortOrder,
    attributeKeyId: k.id,
    parentAssociationId: parent?.id ?? null,
    ...extra,
  }
}
function option(
  k: AttributeKey,
  value: string,
  sortOrder: number,
  deleted = false,
): AttributeKeyOption {
  return {
    id: id(),
    createdAt: at,
    updatedAt: at,
    deleted,
    sortOrder,
    attributeKeyId: k.id,
    imagePath: null,
    label: value.toUpperCase(),
    value,
  }
}
function condition(
  k: AttributeKey,
  value: string,
  target: AttributeKeyAssociation,
  deleted = false,
): AttributeKeyCondition {
  return {
    id: id(),
    createdAt: at,
    updatedAt: at,
    deleted,
    attributeKeyId: k.id,
    value,
    conditionalAssociationId: target.id,
  }
}

/** Shirt: size (leaf), colour (leaf), Print (branch, only for size L or XL) with a text leaf. */
function shirt() {
  const rootKey = key('Shirt', 'ROOT')
  const size = key('Size', 'STRING')
  const colour = key('Colour', 'STRING')
  const printKey = key('Print', 'BRANCH')
  const text = key('Text', 'STRING', { controlType: 'INPUT' })
  const root = link(rootKey, null, 0)
  const sizeLink = link(size, root, 0)
  const colourLink = link(colour, root, 1)
  const printLink = link(printKey, root, 2)
  const textLink = link(text, printLink, 0)
  const rows: DemoRows = {
    associations: [textLink, printLink, colourLink, sizeLink, root],
    keys: [rootKey, size, colour, printKey, text],
    options: [
      option(size, 'xl', 2),
      option(size, 's', 0),
      option(size, 'l', 1),
      option(size, 'xs', 3, true),
    ],
    conditions: [condition(size, 'l;xl', printLink)],
  }
  return { rows, root, sizeLink, colourLink, printLink, textLink, size }
}

const names = (items: ReturnType<typeof walkTree>) =>
  items.map((item) => `${item.depth}:${item.key.name}`)

describe('the whole-tree walk', () => {
  it('reads children by sortOrder, depth first, and leaves out what a condition excludes', () => {
    const { rows, root } = shirt()
    expect(names(walkTree(rows, root.id, () => undefined))).toEqual(['0:Size', '0:Colour'])
  })

  it('includes a conditioned branch and everything under it when an earlier answer matches', () => {
    const { rows, root, sizeLink } = shirt()
    const answers: Record<string, string> = { [sizeLink.id]: 'xl' }
    const items = walkTree(rows, root.id, (association) => answers[association])
    expect(names(items)).toEqual(['0:Size', '0:Colour', '0:Print', '1:Text'])
    expect(items.map((item) => item.kind)).toEqual(['question', 'question', 'heading', 'question'])
    expect(items[2]?.conditional).toBe(true)
    answers[sizeLink.id] = 's'
    expect(names(walkTree(rows, root.id, (association) => answers[association]))).toEqual([
      '0:Size',
      '0:Colour',
    ])
  })

  it('matches any one of a multi-select answer', () => {
    const { rows, root, sizeLink } = shirt()
    expect(
      names(walkTree(rows, root.id, (a) => (a === sizeLink.id ? 's;l' : undefined))),
    ).toContain('0:Print')
  })

  it('gives options by sortOrder without deleted ones', () => {
    const { rows, root } = shirt()
    const size = walkTree(rows, root.id, () => undefined)[0]
    expect(size?.options.map((o) => o.value)).toEqual(['s', 'l', 'xl'])
  })

  it('ignores deleted links, deleted keys and deleted conditions', () => {
    const { rows, root, colourLink, printLink } = shirt()
    const colour = rows.keys.find((k) => k.id === colourLink.attributeKeyId)!
    const next: DemoRows = {
      ...rows,
      keys: rows.keys.map((k) => (k.id === colour.id ? { ...k, deleted: true } : k)),
      conditions: rows.conditions.map((c) => ({ ...c, deleted: true })),
    }
    expect(names(walkTree(next, root.id, () => undefined))).toEqual(['0:Size', '0:Print', '1:Text'])
    const unlinked = {
      ...next,
      associations: next.associations.map((a) =>
        a.id === printLink.id ? { ...a, deleted: true } : a,
      ),
    }
    expect(names(walkTree(unlinked, root.id, () => undefined))).toEqual(['0:Size'])
  })

  it('walks a tree as deep as the server allows (ATTRIBUTE_LIMITS.depth) to its last level', () => {
    const rootKey = key('Root', 'ROOT')
    const branchKey = key('Level', 'BRANCH')
    const root = link(rootKey, null, 0)
    const chain = [root]
    for (let level = 1; level <= ATTRIBUTE_LIMITS.depth; level++)
      chain.push(link(branchKey, chain.at(-1)!, 0))
    const rows: DemoRows = {
      associations: chain,
      keys: [rootKey, branchKey],
      options: [],
      conditions: [],
    }
    const items = walkTree(rows, root.id, () => undefined)
    expect(items).toHaveLength(ATTRIBUTE_LIMITS.depth)
    expect(items.at(-1)?.association.id).toBe(chain.at(-1)!.id)
  })

  it('stops at a cycle in a corrupt cache instead of hanging', () => {
    const { rows, root, printLink, textLink } = shirt()
    const looped = {
      ...rows,
      associations: rows.associations.map((a) =>
        a.id === printLink.id
          ? { ...a, parentAssociationId: textLink.id }
          : a.id === textLink.id
            ? { ...a, parentAssociationId: printLink.id }
            : a,
      ),
    }
    expect(names(walkTree(looped, root.id, () => undefined))).toEqual(['0:Size', '0:Colour'])
  })
})
