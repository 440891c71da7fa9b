import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../../../schema/attributes'
import { ApiError } from '../../../data/api/ApiError'
import type { LeafContext, LinkWithKey } from '../../../data/db/attributeKeys'

// Sample attribute records for the Attribute Editor's paths (and the tests that drive them): the
// keys, options, links and conditions a path's server answers and cache reads carry.

const stamp = '2026-01-05T10:00:00.000Z'
const uuid = (n: number) => `0193a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`

export function aKey(n: number, changes: Partial<AttributeKey> = {}): AttributeKey {
  return {
    id: uuid(n),
    createdAt: stamp,
    updatedAt: stamp,
    deleted: false,
    name: `Key ${n}`,
    prompt: null,
    type: 'STRING',
    controlType: 'INPUT',
    config: '{}',
    imagePath: null,
    skuId: null,
    erpId: null,
    attributeKeyAssociationId: null,
    ...changes,
  }
}

export function anOption(
  n: number,
  keyId: string,
  label: string,
  value: string,
  changes: Partial<AttributeKeyOption> = {},
): AttributeKeyOption {
  return {
    id: uuid(n),
    createdAt: `2026-01-05T10:00:${String(n % 60).padStart(2, '0')}.000Z`,
    updatedAt: stamp,
    deleted: false,
    attributeKeyId: keyId,
    imagePath: null,
    label,
    value,
    sortOrder: 0,
    ...changes,
  }
}

export function aLink(
  n: number,
  key: AttributeKey,
  parent: string | null,
  sortOrder: number,
): LinkWithKey {
  const link: AttributeKeyAssociation = {
    id: uuid(n),
    createdAt: stamp,
    updatedAt: stamp,
    deleted: false,
    sortOrder,
    attributeKeyId: key.id,
    parentAssociationId: parent,
  }
  return { ...link, key }
}

export function aCondition(
  n: number,
  keyId: string,
  value: string,
  target: string,
): AttributeKeyCondition {
  return {
    id: uuid(n),
    createdAt: stamp,
    updatedAt: stamp,
    deleted: false,
    attributeKeyId: keyId,
    value,
    conditionalAssociationId: target,
  }
}

/** A branch holding Colour (the conditioned leaf), Size and Extras, with one condition. */
export function leafFamily() {
  const colour = aKey(1, {
    name: 'Colour',
    type: 'STRING',
    controlType: 'RADIO',
    config: '{"descreteValues":true}',
  })
  const size = aKey(2, { name: 'Size', type: 'INTEGER', controlType: 'INPUT' })
  const extras = aKey(3, { name: 'Extras', type: 'BRANCH', controlType: null })
  const parent = uuid(100)
  const a = aLink(101, colour, parent, 0)
  const b = aLink(102, size, parent, 1)
  const c = aLink(103, extras, parent, 2)
  const options = [
    anOption(201, colour.id, 'Red', 'red'),
    anOption(202, colour.id, 'Green', 'green', { sortOrder: 1 }),
  ]
  const condition = aCondition(301, colour.id, 'red', c.id)
  const found: LeafContext = { leaf: a, options, siblings: [a, b, c], conditions: [condition] }
  const withoutCondition: LeafContext = { ...found, conditions: [] }
  const missing: LeafContext = { leaf: undefined, options: [], siblings: [], conditions: [] }
  return { colour, size, extras, a, b, c, options, condition, found, withoutCondition, missing }
}

/** The key the AttributeKey dialog edits: a discrete STRING radio with two saved options. */
export const paint = aKey(11, {
  name: 'Paint',
  prompt: 'Which paint?',
  type: 'STRING',
  controlType: 'RADIO',
  config: '{"descreteValues":true}',
})
export const red = anOption(21, paint.id, 'Red', 'red', { sortOrder: 0 })
export const green = anOption(22, paint.id, 'Green', 'green', { sortOrder: 1 })

/** A chosen image: the first bytes of a PNG. */
export const swatch = new File([new Uint8Array([137, 80, 78, 71])], 'swatch.png', {
  type: 'image/png',
})

/** The server refused a change (code 1001); the message says why. */
export const refusal = (status: number, message: string) => new ApiError(status, 1001, message)
