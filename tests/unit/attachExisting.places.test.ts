import { describe, expect, it } from 'vitest'
import type { AttributeKey, AttributeKeyAssociation } from '../../schema/attributes'
import { keyPlaces } from '../../src/areas/attributes/machines/attachExisting.places'

const key = (id: string, name: string): AttributeKey => ({
  id,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  deleted: false,
  name,
  prompt: null,
  type: 'BRANCH',
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
  deleted = false,
): AttributeKeyAssociation => ({
  id,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  deleted,
  sortOrder: 0,
  attributeKeyId,
  parentAssociationId,
})

describe('keyPlaces', () => {
  const data = {
    keys: [
      key('k', 'Kitchen'),
      key('d', 'Doors'),
      key('h', 'Hinge'),
      key('b', 'Bath'),
      key('x', ''),
    ],
    links: [
      link('L-k', 'k', null),
      link('L-d', 'd', 'L-k'),
      link('L-h1', 'h', 'L-d'),
      link('L-b', 'b', null),
      link('L-h2', 'h', 'L-b'),
      link('L-h3', 'h', 'L-k', true),
      link('L-x', 'x', null),
      link('L-h4', 'h', 'L-x'),
    ],
  }

  it('names every live link of a key from its trunk down to its parent', () => {
    expect(keyPlaces(data, 'h')).toEqual(['(no name)', 'Bath', 'Kitchen › Doors'])
  })

  it('says the top level for a linked trunk, and nothing for an unlinked key', () => {
    expect(keyPlaces(data, 'k')).toEqual(['the top level'])
    expect(keyPlaces(data, 'nowhere')).toEqual([])
  })
})
