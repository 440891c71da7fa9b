import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeType,
} from '../../../../schema/attributes'
import type { TreeData } from '../../../data/db/attributeTree'

// The Attribute Editor's sample tree, for its paths and the tests that drive them: Kitchen with
// Doors, Width and Colour, and an unlinked Spare.

const at = '2026-01-05T10:00:00.000Z'
const later = '2026-02-01T00:00:00.000Z'

export function aKey(id: string, name: string, type: AttributeType): AttributeKey {
  return {
    id,
    createdAt: at,
    updatedAt: at,
    deleted: false,
    name,
    prompt: null,
    type,
    controlType: type === 'ROOT' || type === 'BRANCH' ? null : 'INPUT',
    config: '{}',
    imagePath: null,
    skuId: null,
    erpId: null,
    attributeKeyAssociationId: null,
  }
}

export function aLink(
  id: string,
  attributeKeyId: string,
  parentAssociationId: string | null,
  sortOrder: number,
): AttributeKeyAssociation {
  return {
    id,
    createdAt: at,
    updatedAt: at,
    deleted: false,
    sortOrder,
    attributeKeyId,
    parentAssociationId,
  }
}

/** The server's answer to a change: the row as saved, a moment later. */
export const saved = <T extends { updatedAt: string }>(row: T, changes: Partial<T> = {}): T => ({
  ...row,
  ...changes,
  updatedAt: later,
})

/** Ids are UUIDs, as the schemas ask. */
export const ID = {
  kTrunk: '0193a1b2-0000-7000-8000-000000000001',
  kBranch: '0193a1b2-0000-7000-8000-000000000002',
  kWidth: '0193a1b2-0000-7000-8000-000000000003',
  kColour: '0193a1b2-0000-7000-8000-000000000004',
  kSpare: '0193a1b2-0000-7000-8000-000000000005',
  kNew: '0193a1b2-0000-7000-8000-000000000006',
  trunk: '0193a1b2-0000-7000-8000-0000000000a1',
  branch: '0193a1b2-0000-7000-8000-0000000000a2',
  width: '0193a1b2-0000-7000-8000-0000000000a3',
  colour: '0193a1b2-0000-7000-8000-0000000000a4',
  linkNew: '0193a1b2-0000-7000-8000-0000000000a5',
} as const

/** Kitchen (a trunk) holding Doors (a branch), Width and Colour (leaves); Spare is an unlinked trunk. */
export const SAMPLE: TreeData = {
  keys: [
    aKey(ID.kTrunk, 'Kitchen', 'ROOT'),
    aKey(ID.kBranch, 'Doors', 'BRANCH'),
    aKey(ID.kWidth, 'Width', 'INTEGER'),
    aKey(ID.kColour, 'Colour', 'STRING'),
    aKey(ID.kSpare, 'Spare', 'ROOT'),
  ],
  links: [
    aLink(ID.trunk, ID.kTrunk, null, 0),
    aLink(ID.branch, ID.kBranch, ID.trunk, 0),
    aLink(ID.width, ID.kWidth, ID.trunk, 1),
    aLink(ID.colour, ID.kColour, ID.trunk, 2),
  ],
}
