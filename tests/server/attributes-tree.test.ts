import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { type AttributeTree } from '../../schema/attribute-api'
import { ATTRIBUTE_LIMITS } from '../../schema/attribute-rules'
import type { AttributeKeyAssociation } from '../../schema/attributes'
import { auditLog } from '../../server/db/schema/audit'
import {
  attributeKeyAssociations,
  attributeKeyConditions,
  attributeKeys,
} from '../../server/db/schema/attributes'
import { attributeCalls, cookieWith, expectFailure, NOBODY } from './attributes-helper'
import { useTestApp } from './helper'

const t = useTestApp()
const cookies = { writer: '', reader: '' }
const api = attributeCalls(t, cookies)
const { send, save, key, root, branch, colorLeaf, textLeaf } = api

beforeAll(async () => {
  cookies.writer = await cookieWith(t, ['attributes.read', 'attributes.write'])
  cookies.reader = await cookieWith(t, ['attributes.read'])
})

const reorder = (parentAssociationId: string, ids: string[]) =>
  send('POST', '/v1/attributeKeyAssociations/reorder', { parentAssociationId, ids })

const links = (ids: string[]) =>
  t.db.select().from(attributeKeyAssociations).where(inArray(attributeKeyAssociations.id, ids))

describe('POST /v1/attributeKeyAssociations/reorder', () => {
  it('gives each live child its index as sortOrder and answers them in order', async () => {
    const top = await root()
    const a = await textLeaf(top.link.id, 0, 'A')
    const b = await textLeaf(top.link.id, 1, 'B')
    const c = await textLeaf(top.link.id, 2, 'C')
    const response = await reorder(top.link.id, [c.link.id, a.link.id, b.link.id])
    expect(response.statusCode, response.body).toBe(200)
    const { associations } = response.json<{
      results: { associations: AttributeKeyAssociation[] }
    }>().results
    expect(associations.map((link) => [link.id, link.sortOrder])).toEqual([
      [c.link.id, 0],
      [a.link.id, 1],
      [b.link.id, 2],
    ])
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.detail} ->> 'parentAssociationId' = ${top.link.id}`)
    expect(audit).toEqual([expect.objectContaining({ action: 'attribute.reordered' })])
  })

  it('answers 409 unless the ids are exactly the live children', async () => {
    const top = await root()
    const a = await textLeaf(top.link.id, 0, 'A')
    const b = await textLeaf(top.link.id, 1, 'B')
    const stranger = await textLeaf((await root()).link.id)
    expectFailure(await reorder(top.link.id, [a.link.id]), 409, /missing: /)
    expectFailure(
      await reorder(top.link.id, [a.link.id, b.link.id, stranger.link.id]),
      409,
      /not live children: /,
    )
    await send('DELETE', `/v1/attributeKeyAssociation/${b.link.id}`)
    expectFailure(await reorder(top.link.id, [b.link.id, a.link.id]), 409)
    expect((await reorder(top.link.id, [a.link.id])).statusCode).toBe(200)
  })

  it('answers 404 for an unknown parent and 400 for bad bodies', async () => {
    expectFailure(await reorder(NOBODY, [NOBODY]), 404)
    expectFailure(await reorder('nope', [NOBODY]), 400, /parentAssociationId/)
    expectFailure(await reorder(NOBODY, []), 400, /ids/)
    expectFailure(await reorder(NOBODY, [NOBODY, NOBODY]), 400, /ids/)
    expectFailure(
      await send('POST', '/v1/attributeKeyAssociations/reorder', {
        parentAssociationId: NOBODY,
        ids: [NOBODY],
        x: 1,
      }),
      400,
      /x is not an allowed field/,
    )
  })
})

describe('DELETE /v1/attributeKeyAssociation/:id', () => {
  it('removes the link, its subtree and the conditions that target or are decided within it', async () => {
    const top = await root()
    const outer = await colorLeaf(top.link.id, 0, 'Outer')
    const b = await branch(top.link.id, 'Removed', 1)
    const inner = await colorLeaf(b.link.id, 0, 'Inner')
    const innerTarget = await textLeaf(b.link.id, 1, 'Inner target')
    const deeper = await branch(b.link.id, 'Deeper', 2)
    const deepest = await textLeaf(deeper.link.id, 0, 'Deepest')
    const after = await textLeaf(top.link.id, 2, 'After')
    const onBranch = await save('AttributeKeyCondition', {
      attributeKeyId: outer.key.id,
      value: 'red',
      conditionalAssociationId: b.link.id,
    })
    const onInner = await save('AttributeKeyCondition', {
      attributeKeyId: inner.key.id,
      value: 'red',
      conditionalAssociationId: innerTarget.link.id,
    })
    const kept = await save('AttributeKeyCondition', {
      attributeKeyId: outer.key.id,
      value: 'blue',
      conditionalAssociationId: after.link.id,
    })

    const response = await send('DELETE', `/v1/attributeKeyAssociation/${b.link.id}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(
      response.json<{ results: { AttributeKeyAssociation: AttributeKeyAssociation } }>().results
        .AttributeKeyAssociation,
    ).toMatchObject({ id: b.link.id, deleted: true })
    const rows = await links([
      top.link.id,
      outer.link.id,
      b.link.id,
      inner.link.id,
      innerTarget.link.id,
      deeper.link.id,
      deepest.link.id,
      after.link.id,
    ])
    const deleted = Object.fromEntries(rows.map((row) => [row.id, row.deleted]))
    expect(deleted).toEqual({
      [top.link.id]: false,
      [outer.link.id]: false,
      [b.link.id]: true,
      [inner.link.id]: true,
      [innerTarget.link.id]: true,
      [deeper.link.id]: true,
      [deepest.link.id]: true,
      [after.link.id]: false,
    })
    const conditions = await t.db
      .select()
      .from(attributeKeyConditions)
      .where(inArray(attributeKeyConditions.id, [onBranch.id, onInner.id, kept.id]))
    expect(Object.fromEntries(conditions.map((row) => [row.id, row.deleted]))).toEqual({
      [onBranch.id]: true,
      [onInner.id]: true,
      [kept.id]: false,
    })
    // The keys stay: a key may be linked elsewhere.
    const [innerKey] = await t.db
      .select()
      .from(attributeKeys)
      .where(eq(attributeKeys.id, inner.key.id))
    expect(innerKey?.deleted).toBe(false)
    // Asking again changes nothing.
    expect((await send('DELETE', `/v1/attributeKeyAssociation/${b.link.id}`)).statusCode).toBe(200)
  })

  it('removes a condition whose deciding leaf is removed', async () => {
    const top = await root()
    const color = await colorLeaf(top.link.id, 0)
    const target = await textLeaf(top.link.id, 1)
    const condition = await save('AttributeKeyCondition', {
      attributeKeyId: color.key.id,
      value: 'red',
      conditionalAssociationId: target.link.id,
    })
    expect((await send('DELETE', `/v1/attributeKeyAssociation/${color.link.id}`)).statusCode).toBe(
      200,
    )
    const [row] = await t.db
      .select()
      .from(attributeKeyConditions)
      .where(eq(attributeKeyConditions.id, condition.id))
    expect(row?.deleted).toBe(true)
  })

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expectFailure(await send('DELETE', `/v1/attributeKeyAssociation/${NOBODY}`), 404)
    expectFailure(await send('DELETE', '/v1/attributeKeyAssociation/nope'), 400, /id/)
  })

  it('also runs when the record is saved with deleted: true', async () => {
    const top = await root()
    const b = await branch(top.link.id)
    const leaf = await textLeaf(b.link.id)
    const saved = await save('AttributeKeyAssociation', { deleted: true }, b.link.id)
    expect(saved.deleted).toBe(true)
    const [row] = await links([leaf.link.id])
    expect(row?.deleted).toBe(true)
  })
})

describe('export and import', () => {
  async function sample() {
    const top = await root('Exported')
    const b = await branch(top.link.id, 'Body', 0)
    const color = await colorLeaf(b.link.id, 0)
    const notes = await textLeaf(b.link.id, 1)
    // The same key linked twice stays one key.
    const shared = await save('AttributeKeyAssociation', {
      attributeKeyId: color.key.id,
      parentAssociationId: top.link.id,
      sortOrder: 1,
    })
    await save('AttributeKeyCondition', {
      attributeKeyId: color.key.id,
      value: 'red;green',
      conditionalAssociationId: notes.link.id,
    })
    return { top, b, color, notes, shared }
  }

  const exportOf = async (id: string, cookie = cookies.reader) => {
    const response = await send('GET', `/v1/attributeTree/${id}`, undefined, cookie)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ results: { tree: AttributeTree } }>().results.tree
  }

  it('exports the document of docs/attributes.md', async () => {
    const { top } = await sample()
    const tree = await exportOf(top.link.id)
    expect(tree).toEqual({
      format: 'gatehouse.attribute-tree',
      version: 1,
      keys: [
        expect.objectContaining({ ref: 'k1', name: 'Exported', type: 'ROOT', options: [] }),
        expect.objectContaining({ ref: 'k2', name: 'Body', type: 'BRANCH' }),
        expect.objectContaining({
          ref: 'k3',
          name: 'Color',
          type: 'STRING',
          controlType: 'RADIO',
          options: [
            { label: 'red', value: 'red', imagePath: null, sortOrder: 0 },
            { label: 'green', value: 'green', imagePath: null, sortOrder: 1 },
            { label: 'blue', value: 'blue', imagePath: null, sortOrder: 2 },
          ],
        }),
        expect.objectContaining({ ref: 'k4', name: 'Notes' }),
      ],
      root: {
        keyRef: 'k1',
        includeWhen: [],
        children: [
          {
            keyRef: 'k2',
            includeWhen: [],
            children: [
              { keyRef: 'k3', includeWhen: [], children: [] },
              { keyRef: 'k4', includeWhen: [{ sibling: 0, value: 'red;green' }], children: [] },
            ],
          },
          { keyRef: 'k3', includeWhen: [], children: [] },
        ],
      },
    })
  })

  it('imports it back with new ids, the same shape, and a shared key still shared', async () => {
    const { top } = await sample()
    const tree = await exportOf(top.link.id)
    const response = await send('POST', '/v1/attributeTree', { tree })
    expect(response.statusCode, response.body).toBe(200)
    const imported = response.json<{
      results: { AttributeKeyAssociation: AttributeKeyAssociation }
    }>().results.AttributeKeyAssociation
    expect(imported.id).not.toBe(top.link.id)
    expect(imported.parentAssociationId).toBeNull()
    const again = await exportOf(imported.id)
    expect(again).toEqual(tree)
    const rows = await t.db
      .select()
      .from(attributeKeyAssociations)
      .where(eq(attributeKeyAssociations.parentAssociationId, imported.id))
    expect(rows).toHaveLength(2)
    const keyIds = new Set(rows.map((row) => row.attributeKeyId))
    expect(keyIds.has(top.key.id)).toBe(false)
    const [body] = rows.filter((row) => row.sortOrder === 0)
    const bodyChildren = await t.db
      .select()
      .from(attributeKeyAssociations)
      .where(eq(attributeKeyAssociations.parentAssociationId, body!.id))
    const sharedKey = rows.find((row) => row.sortOrder === 1)!.attributeKeyId
    expect(bodyChildren.find((row) => row.sortOrder === 0)!.attributeKeyId).toBe(sharedKey)
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.detail} ->> 'associationId' = ${imported.id}`)
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'attribute.imported',
        detail: { associationId: imported.id, keys: 4, items: 5 },
      }),
    ])
  })

  it('refuses to export what is not a live top-level item', async () => {
    const { b } = await sample()
    expectFailure(
      await send('GET', `/v1/attributeTree/${b.link.id}`, undefined, cookies.reader),
      422,
      'Tree: only a top-level item can be exported.',
    )
    expectFailure(await send('GET', `/v1/attributeTree/${NOBODY}`, undefined, cookies.reader), 404)
    expectFailure(await send('GET', '/v1/attributeTree/nope', undefined, cookies.reader), 400)
  })

  const base = (): AttributeTree => ({
    format: 'gatehouse.attribute-tree',
    version: 1,
    keys: [
      {
        ref: 'r',
        name: 'R',
        prompt: null,
        type: 'ROOT',
        controlType: null,
        config: '{}',
        imagePath: null,
        skuId: null,
        erpId: null,
        options: [],
      },
      {
        ref: 'c',
        name: 'C',
        prompt: null,
        type: 'STRING',
        controlType: 'SELECT',
        config: '{"descreteValues":true}',
        imagePath: null,
        skuId: null,
        erpId: null,
        options: [{ label: 'A', value: 'a', imagePath: null, sortOrder: 0 }],
      },
      {
        ref: 'n',
        name: 'N',
        prompt: null,
        type: 'STRING',
        controlType: 'INPUT',
        config: '{}',
        imagePath: null,
        skuId: null,
        erpId: null,
        options: [],
      },
    ],
    root: {
      keyRef: 'r',
      includeWhen: [],
      children: [
        { keyRef: 'c', includeWhen: [], children: [] },
        { keyRef: 'n', includeWhen: [{ sibling: 0, value: 'a' }], children: [] },
      ],
    },
  })

  it.each<[string, (tree: AttributeTree) => void, number, RegExp]>([
    [
      'a root that is not ROOT',
      (tree) => (tree.root.keyRef = 'c'),
      422,
      /^root: the top-level item must be a ROOT key/,
    ],
    [
      'a ROOT below the top',
      (tree) => (tree.root.children[0]!.keyRef = 'r'),
      422,
      /ROOT item sits only at the top level/,
    ],
    [
      'an unknown ref',
      (tree) => (tree.root.children[0]!.keyRef = 'zzz'),
      422,
      /no key with the ref 'zzz'/,
    ],
    ['a duplicate ref', (tree) => (tree.keys[2]!.ref = 'c'), 422, /the ref 'c' is used twice/],
    [
      'children under a leaf',
      (tree) =>
        tree.root.children[0]!.children.push({ keyRef: 'n', includeWhen: [], children: [] }),
      422,
      /a STRING item cannot hold other items/,
    ],
    [
      'a condition on a later sibling',
      (tree) => (tree.root.children[1]!.includeWhen[0]!.sibling = 1),
      422,
      /The affected item must come after the conditioned leaf/,
    ],
    [
      'an unknown condition value',
      (tree) => (tree.root.children[1]!.includeWhen[0]!.value = 'zz'),
      422,
      /'zz' is not a value of C/,
    ],
    [
      'a bad config',
      (tree) => (tree.keys[1]!.config = '{"rows":6}'),
      422,
      /^keys\[1\]: Config: Number of Rows/,
    ],
    [
      'a bad control type',
      (tree) => (tree.keys[2]!.controlType = 'SWITCH'),
      422,
      /^keys\[2\]: Control Type: SWITCH is not allowed/,
    ],
    [
      'a BOOLEAN option other than true/false',
      (tree) => Object.assign(tree.keys[1]!, { type: 'BOOLEAN', controlType: 'SWITCH' }),
      422,
      /BOOLEAN key's options/,
    ],
    ['another format', (tree) => Object.assign(tree, { format: 'other' }), 400, /format/],
    [
      'an unknown field',
      (tree) => Object.assign(tree.root, { extra: 1 }),
      400,
      /extra is not an allowed field/,
    ],
  ])('refuses %s and writes nothing', async (_name, spoil, status, message) => {
    const tree = base()
    spoil(tree)
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(attributeKeys)
    expectFailure(await send('POST', '/v1/attributeTree', { tree }), status, message)
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(attributeKeys)
    expect(after).toEqual(before)
  })

  it('imports the base document', async () => {
    expect((await send('POST', '/v1/attributeTree', { tree: base() })).statusCode).toBe(200)
  })

  const chain = (levels: number) => {
    const tree = base()
    let node = tree.root
    for (let depth = 0; depth < levels; depth++) {
      const child = { keyRef: 'b', includeWhen: [], children: [] }
      node.children = [child]
      node = child
    }
    tree.keys.push({ ...tree.keys[0]!, ref: 'b', name: 'B', type: 'BRANCH' })
    return tree
  }

  it(`imports and exports a chain ${ATTRIBUTE_LIMITS.depth} levels deep`, async () => {
    const tree = chain(ATTRIBUTE_LIMITS.depth)
    const response = await send('POST', '/v1/attributeTree', { tree })
    expect(response.statusCode, response.body).toBe(200)
    const { AttributeKeyAssociation: top } = response.json<{
      results: { AttributeKeyAssociation: AttributeKeyAssociation }
    }>().results
    const exported = await exportOf(top.id)
    expect(exported.keys.map((k) => k.name)).toEqual(['R', 'B'])
  })

  // Schema validation recurses per level, and Node's default stack ends a little past 800 levels;
  // bad-input.test.ts sends 5,000.
  it('refuses a chain one level deeper with 422 before validating it', async () => {
    const response = await send('POST', '/v1/attributeTree', {
      tree: chain(ATTRIBUTE_LIMITS.depth + 1),
    })
    expectFailure(response, 422, `Tree: at most ${ATTRIBUTE_LIMITS.depth} levels can be imported.`)
  })

  // The record API used to link items deeper than the import takes, so such a tree's export
  // could not be imported again (issue 27).
  it(`links items down to ${ATTRIBUTE_LIMITS.depth} levels and no deeper; such a tree exports and imports`, async () => {
    const max = ATTRIBUTE_LIMITS.depth
    const top = await root('Deep')
    const level = await key({ name: 'Level', type: 'BRANCH' })
    // A leaf beside the chain, so the document has a shape of its own (three keys).
    await textLeaf(top.link.id, 1)
    // Levels 1 … max-1 straight in the table (one statement); the record API adds the last one.
    const ids = Array.from({ length: max - 1 }, () => uuidv7())
    await t.db.insert(attributeKeyAssociations).values(
      ids.map((id, at) => ({
        id,
        attributeKeyId: level.id,
        parentAssociationId: at === 0 ? top.link.id : ids[at - 1]!,
        sortOrder: 0,
      })),
    )
    const link = (parentAssociationId: string) =>
      api.post('AttributeKeyAssociation', {
        attributeKeyId: level.id,
        parentAssociationId,
        sortOrder: 0,
      })
    const last = await link(ids.at(-1)!)
    expect(last.statusCode, last.body).toBe(200)
    const lastId = last.json<{ results: { AttributeKeyAssociation: { id: string } } }>().results
      .AttributeKeyAssociation.id

    const count = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(attributeKeyAssociations))[0]?.n
    const audited = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n
    const before = [await count(), await audited()]
    expectFailure(
      await link(lastId),
      422,
      `Parent: an item can sit at most ${max} levels below its top-level item.`,
    )
    expect([await count(), await audited()]).toEqual(before)

    const tree = await exportOf(top.link.id)
    const response = await send('POST', '/v1/attributeTree', { tree })
    expect(response.statusCode, response.body).toBe(200)
    const imported = response.json<{
      results: { AttributeKeyAssociation: AttributeKeyAssociation }
    }>().results.AttributeKeyAssociation
    expect(await exportOf(imported.id)).toEqual(tree)
  })

  it('brings a removed link back only within the limit', async () => {
    const top = await root('Revived')
    const level = await key({ name: 'Level', type: 'BRANCH' })
    const ids = Array.from({ length: ATTRIBUTE_LIMITS.depth + 1 }, () => uuidv7())
    // A tree as an older server could have left it: one level too deep, its last link removed.
    await t.db.insert(attributeKeyAssociations).values(
      ids.map((id, at) => ({
        id,
        attributeKeyId: level.id,
        parentAssociationId: at === 0 ? top.link.id : ids[at - 1]!,
        sortOrder: 0,
        deleted: at === ids.length - 1,
      })),
    )
    const revive = (id: string) => api.post('AttributeKeyAssociation', { deleted: false }, id)
    expectFailure(await revive(ids.at(-1)!), 422, /^Parent: an item can sit at most/)
    const [row] = await links([ids.at(-1)!])
    expect(row?.deleted).toBe(true)
  })

  it('refuses more items than TREE_LIMITS allows', async () => {
    const tree = base()
    tree.root.children = Array.from({ length: 5001 }, () => ({
      keyRef: 'n',
      includeWhen: [],
      children: [],
    }))
    expectFailure(await send('POST', '/v1/attributeTree', { tree }), 422, /at most 5000 items/)
  })
})

describe('transactions', () => {
  it('rolls back everything an import wrote when a late insert fails', async () => {
    // A trigger makes the last step (the conditions) fail after keys, options and links were written.
    await t.db.execute(sql`
      create or replace function test_refuse_condition() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`)
    await t.db.execute(sql`
      create trigger test_refuse_condition before insert on attribute_key_conditions
      for each row execute function test_refuse_condition()`)
    try {
      const count = async () => {
        const [keys] = await t.db.select({ n: sql<number>`count(*)::int` }).from(attributeKeys)
        const [associations] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(attributeKeyAssociations)
        return [keys?.n, associations?.n]
      }
      const before = await count()
      const tree: AttributeTree = {
        format: 'gatehouse.attribute-tree',
        version: 1,
        keys: [
          {
            ref: 'r',
            name: 'Rollback',
            prompt: null,
            type: 'ROOT',
            controlType: null,
            config: '{}',
            imagePath: null,
            skuId: null,
            erpId: null,
            options: [],
          },
          {
            ref: 'b',
            name: 'Flag',
            prompt: null,
            type: 'BOOLEAN',
            controlType: 'SWITCH',
            config: '{}',
            imagePath: null,
            skuId: null,
            erpId: null,
            options: [],
          },
        ],
        root: {
          keyRef: 'r',
          includeWhen: [],
          children: [
            { keyRef: 'b', includeWhen: [], children: [] },
            { keyRef: 'b', includeWhen: [{ sibling: 0, value: 'true' }], children: [] },
          ],
        },
      }
      const response = await send('POST', '/v1/attributeTree', { tree })
      expectFailure(response, 500)
      expect(await count()).toEqual(before)
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'attribute.imported'))
      expect(audit.some((row) => (row.detail as { keys?: number } | null)?.keys === 2)).toBe(false)

      // A Remove Link whose condition step fails leaves the links live too.
      const top = await root()
      const b = await branch(top.link.id)
      const leaf = await textLeaf(b.link.id)
      await t.db.execute(sql`
        create or replace function test_refuse_condition() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`)
      await t.db.execute(sql`
        create trigger test_refuse_delete before update on attribute_key_associations
        for each row when (new.deleted and new.parent_association_id is not null and new.sort_order = 0)
        execute function test_refuse_condition()`)
      expectFailure(await send('DELETE', `/v1/attributeKeyAssociation/${b.link.id}`), 500)
      const rows = await links([b.link.id, leaf.link.id])
      expect(rows.map((row) => row.deleted)).toEqual([false, false])
    } finally {
      await t.db.execute(
        sql`drop trigger if exists test_refuse_condition on attribute_key_conditions`,
      )
      await t.db.execute(
        sql`drop trigger if exists test_refuse_delete on attribute_key_associations`,
      )
    }
  })

  it('a refused record save writes no row and no audit', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
    expectFailure(await api.post('AttributeKey', { type: 'ROOT', controlType: 'INPUT' }), 422)
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
    expect(after).toEqual(before)
    expect((await key({ type: 'ROOT' })).type).toBe('ROOT')
  })
})
