import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
} from '../../schema/attributes'
import { createActor, fromCallback } from 'xstate'
import type { AttributeServer } from '../../src/data/api/attributes'
import type { LeafContext, LinkWithKey, Watcher } from '../../src/data/db/attributeKeys'
import type { TreeRef, TreeReport } from '../../src/machines/attributeTree.types'

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

/** The cache as a stubbed watch: the path's steps say what it holds. */
export function stubWatch<T>() {
  const watchers: Watcher<T>[] = []
  return {
    watch: (_id: string, watcher: Watcher<T>) => {
      watchers.push(watcher)
      return () => void watchers.splice(watchers.indexOf(watcher), 1)
    },
    next: (value: T) => watchers.forEach((w) => w.next(value)),
    fail: (error: unknown) => watchers.forEach((w) => w.error(error)),
    get count() {
      return watchers.length
    },
    reset: () => void (watchers.length = 0),
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

/** A stubbed call: a function that records its arguments and waits for the test to settle it. */
type Stub = (name: string) => (...args: unknown[]) => Promise<unknown>

/**
 * The attribute server with every call stubbed by `stub` (profile.support's `server.stub`): the
 * machines' effects are built on it (`…Actors(stubServer(server.stub))`) and handed to the views
 * with `machine.provide()`, so what the cache keeps of the answers stays the real code.
 */
export const stubServer = (stub: Stub): AttributeServer =>
  ({
    saveRecord: stub('saveRecord'),
    reorderChildren: stub('reorderChildren'),
    removeLink: stub('removeLink'),
    uploadAttributeImage: stub('uploadAttributeImage'),
    exportTree: stub('exportTree'),
    importTree: stub('importTree'),
    fetchValues: stub('fetchValues'),
  }) as unknown as AttributeServer

/**
 * A stand-in for the tree a dialog reports to (the dialog's statechart tells it itself): what it
 * was told, in order, and a listener for each report.
 */
export function treeStandIn(onReport: (report: TreeReport) => void = () => {}) {
  const told: TreeReport[] = []
  const tree = createActor(
    fromCallback<TreeReport>(({ receive }) => {
      receive((report) => {
        told.push(report)
        onReport(report)
      })
    }),
  ).start()
  return { tree: tree as unknown as TreeRef, told }
}
