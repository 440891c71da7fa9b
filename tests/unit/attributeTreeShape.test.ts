import { describe, expect, it } from 'vitest'
import type { AttributeKey, AttributeKeyAssociation, AttributeType } from '../../schema/attributes'
import {
  ancestorsOf,
  attachableKeys,
  canCondition,
  childNodes,
  droppedOn,
  movedBy,
  treeKeyMove,
  visibleNodes,
  type TreeData,
} from '../../src/areas/attributes/machines/attributeTree.shape'
import { exportFileName } from '../../src/areas/attributes/machines/treeTransfer.machine'

const at = '2026-01-01T00:00:00.000Z'
const key = (id: string, name: string, type: AttributeType): AttributeKey => ({
  id,
  createdAt: at,
  updatedAt: at,
  deleted: false,
  name,
  prompt: null,
  type,
  controlType: null,
  config: '{}',
  imagePath: null,
  skuId: null,
  erpId: null,
  attributeKeyAssociationId: null,
})
const link = (
  id: string,
  attributeKeyId: string,
  parentAssociationId: string | null,
  sortOrder: number,
  deleted = false,
): AttributeKeyAssociation => ({
  id,
  createdAt: at,
  updatedAt: at,
  deleted,
  sortOrder,
  attributeKeyId,
  parentAssociationId,
})

// Zebra and apple trunks; apple holds a branch (with one leaf) and two leaves, in stored order.
const data: TreeData = {
  keys: [
    key('kz', 'zebra', 'ROOT'),
    key('ka', 'Apple', 'ROOT'),
    key('kspare', 'Spare', 'ROOT'),
    key('kb', 'Doors', 'BRANCH'),
    key('kw', 'Width', 'INTEGER'),
    key('kc', 'Colour', 'STRING'),
    key('kp', 'Panel', 'BOOLEAN'),
  ],
  links: [
    link('z', 'kz', null, 0),
    link('a', 'ka', null, 0),
    link('w', 'kw', 'a', 1),
    link('b', 'kb', 'a', 0),
    link('c', 'kc', 'a', 2),
    link('p', 'kp', 'b', 0),
    link('gone', 'kc', 'a', 3, true),
  ],
}

describe('the attribute tree shape', () => {
  it('sorts roots by name (case-insensitive) and children by sortOrder, leaving deleted links out', () => {
    expect(childNodes(data, null).map((node) => node.name)).toEqual(['Apple', 'zebra'])
    const children = childNodes(data, 'a', 2)
    expect(children.map((node) => node.id)).toEqual(['b', 'w', 'c'])
    expect(children[0]).toMatchObject({
      level: 2,
      index: 0,
      siblingCount: 3,
      hasChildren: true,
      isContainer: true,
    })
    expect(children[1]).toMatchObject({ hasChildren: false, isContainer: false, type: 'INTEGER' })
  })

  it('shows the children of open items only', () => {
    expect(visibleNodes(data, []).map((node) => node.id)).toEqual(['a', 'z'])
    expect(visibleNodes(data, ['a']).map((node) => node.id)).toEqual(['a', 'b', 'w', 'c', 'z'])
    expect(visibleNodes(data, ['a', 'b']).map((node) => [node.id, node.level])).toEqual([
      ['a', 1],
      ['b', 2],
      ['p', 3],
      ['w', 2],
      ['c', 2],
      ['z', 1],
    ])
    // An open item whose parent is closed stays hidden.
    expect(visibleNodes(data, ['b']).map((node) => node.id)).toEqual(['a', 'z'])
  })

  it('moves an item up or down among its siblings, never a root, never past either end', () => {
    expect(movedBy(data, 'w', -1)).toEqual(['w', 'b', 'c'])
    expect(movedBy(data, 'w', 1)).toEqual(['b', 'c', 'w'])
    expect(movedBy(data, 'b', -1)).toBeNull()
    expect(movedBy(data, 'c', 1)).toBeNull()
    expect(movedBy(data, 'a', 1)).toBeNull()
  })

  it('drops only onto a sibling', () => {
    expect(droppedOn(data, 'c', 'b')).toEqual(['c', 'b', 'w'])
    expect(droppedOn(data, 'b', 'c')).toEqual(['w', 'c', 'b'])
    expect(droppedOn(data, 'p', 'w')).toBeNull()
    expect(droppedOn(data, 'a', 'z')).toBeNull()
    expect(droppedOn(data, 'w', 'w')).toBeNull()
  })

  it('offers Conditional on every sibling but the last', () => {
    expect(canCondition(data, 'w')).toBe(true)
    expect(canCondition(data, 'c')).toBe(false)
    expect(canCondition(data, 'p')).toBe(false)
  })

  it('knows the way up', () => {
    expect(ancestorsOf(data, 'p')).toEqual(['a', 'b'])
    expect(ancestorsOf(data, 'a')).toEqual([])
  })

  it('offers unlinked ROOT keys at the top level, and elsewhere keys that are not already there or above', () => {
    expect(attachableKeys(data, null).map((k) => k.id)).toEqual(['kspare'])
    // Under the branch: not itself (above), not Panel (already there), no ROOT keys.
    expect(attachableKeys(data, 'b').map((k) => k.name)).toEqual(['Colour', 'Width'])
    // Under the trunk: its children are there already.
    expect(attachableKeys(data, 'a').map((k) => k.name)).toEqual(['Panel'])
    expect(attachableKeys(data, 'b', ' col ').map((k) => k.name)).toEqual(['Colour'])
  })

  it('moves focus as the WAI-ARIA tree pattern says', () => {
    const rows = visibleNodes(data, ['a'])
    expect(treeKeyMove(rows, ['a'], 'a', 'ArrowDown')).toEqual({ focus: 'b' })
    expect(treeKeyMove(rows, ['a'], 'b', 'ArrowUp')).toEqual({ focus: 'a' })
    expect(treeKeyMove(rows, ['a'], 'a', 'ArrowRight')).toEqual({ focus: 'b' })
    expect(treeKeyMove(rows, ['a'], 'b', 'ArrowRight')).toEqual({ expand: 'b' })
    expect(treeKeyMove(rows, ['a'], 'w', 'ArrowRight')).toBeNull()
    expect(treeKeyMove(rows, ['a'], 'a', 'ArrowLeft')).toEqual({ collapse: 'a' })
    expect(treeKeyMove(rows, ['a'], 'w', 'ArrowLeft')).toEqual({ focus: 'a' })
    expect(treeKeyMove(rows, ['a'], 'z', 'ArrowLeft')).toBeNull()
    expect(treeKeyMove(rows, ['a'], 'c', 'Home')).toEqual({ focus: 'a' })
    expect(treeKeyMove(rows, ['a'], 'a', 'End')).toEqual({ focus: 'z' })
    expect(treeKeyMove(rows, ['a'], 'z', 'ArrowDown')).toBeNull()
  })

  it('names an export after its trunk', () => {
    expect(exportFileName('Kitchen / Bath')).toBe('Kitchen _ Bath.attributes.json')
    expect(exportFileName('  ')).toBe('attributes.attributes.json')
  })
})
