import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { attributeCalls, cookieWith, expectFailure, NOBODY } from './attributes-helper'
import { useTestApp } from './helper'
import { pullUntil } from './sync-helper'

const t = useTestApp()
const cookies = { writer: '', reader: '', plain: '' }
const api = attributeCalls(t, cookies)
const { post, save, key, root, branch, colorLeaf, textLeaf, send } = api

beforeAll(async () => {
  cookies.writer = await cookieWith(t, ['attributes.read', 'attributes.write'])
  cookies.reader = await cookieWith(t, ['attributes.read'])
  cookies.plain = await cookieWith(t, [])
})

describe('POST /v1/record/AttributeKey', () => {
  it('creates a key and answers results.AttributeKey with every field', async () => {
    const response = await post('AttributeKey', {
      name: 'Length',
      prompt: 'How long?',
      type: 'DECIMAL',
      controlType: 'INPUT',
      config: '{"min":1,"max":10,"step":0.5,"unit":"cm"}',
      skuId: 'SKU-1',
      erpId: null,
    })
    expect(response.statusCode, response.body).toBe(200)
    const { AttributeKey } = response.json<{ results: { AttributeKey: Record<string, unknown> } }>()
      .results
    expect(AttributeKey).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/) as unknown,
      createdAt: expect.any(String) as unknown,
      updatedAt: expect.any(String) as unknown,
      deleted: false,
      name: 'Length',
      prompt: 'How long?',
      type: 'DECIMAL',
      controlType: 'INPUT',
      config: '{"min":1,"max":10,"step":0.5,"unit":"cm"}',
      imagePath: null,
      skuId: 'SKU-1',
      erpId: null,
      attributeKeyAssociationId: null,
    })
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.detail} ->> 'id' = ${AttributeKey.id as string}`)
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'attribute.saved',
        detail: { entity: 'AttributeKey', id: AttributeKey.id, change: 'created' },
      }),
    ])
  })

  it('updates only the fields given; ignores id, createdAt and updatedAt in the record', async () => {
    const k = await key({ name: 'Size', type: 'STRING', controlType: 'INPUT' })
    const updated = await save(
      'AttributeKey',
      { name: 'Size 2', id: NOBODY, createdAt: '2000-01-01T00:00:00.000Z' },
      k.id,
    )
    expect(updated).toMatchObject({
      id: k.id,
      name: 'Size 2',
      type: 'STRING',
      controlType: 'INPUT',
    })
    expect(updated.createdAt).toBe(k.createdAt)
  })

  it('allows a blank name (SPEC.md §5) but not one past 200 characters', async () => {
    expect((await key({ name: '', type: 'ROOT' })).name).toBe('')
    expectFailure(
      await post('AttributeKey', { name: 'x'.repeat(201), type: 'ROOT' }),
      422,
      'Name: must be at most 200 characters.',
    )
  })

  it('refuses a control type or config on ROOT and BRANCH', async () => {
    expectFailure(
      await post('AttributeKey', { type: 'BRANCH', controlType: 'INPUT' }),
      422,
      'Control Type: a BRANCH key has no control type.',
    )
    expectFailure(
      await post('AttributeKey', { type: 'ROOT', config: '{"rows":2}' }),
      422,
      'Config: a ROOT key has no config.',
    )
  })

  it.each([
    ['{"min":5,"max":1}', 'Config: Min must not be greater than Max.'],
    ['{"min":1,"max":5,"step":0}', 'Config: Step must be greater than 0.'],
    ['{"min":1,"max":5,"step":-1}', 'Config: Step must be greater than 0.'],
    ['{"step":1}', 'Config: Step needs Min and Max to be set.'],
    ['{"rows":6}', 'Config: Number of Rows must be a whole number from 1 to 5.'],
    ['{"rows":0}', 'Config: Number of Rows must be a whole number from 1 to 5.'],
    ['{"colour":"red"}', 'Config: Config has an unknown key: colour.'],
    ['not json', 'Config: Config must be JSON.'],
    ['[1]', 'Config: Config must be a JSON object.'],
    ['{"min":"1"}', 'Config: Min must be a number.'],
    ['{"inputOrientation":"Diagonal"}', 'Config: Orientation must be Horizontal or Vertical.'],
  ])('refuses the config %s', async (config, message) => {
    expectFailure(await post('AttributeKey', { type: 'DECIMAL', config }), 422, message)
  })

  it('refuses decimals in an INTEGER config', async () => {
    expectFailure(
      await post('AttributeKey', { type: 'INTEGER', config: '{"min":0,"max":5,"step":0.5}' }),
      422,
      'Config: Step must be a whole number.',
    )
  })

  it.each([
    ['STRING', '{}', 'SELECT'],
    ['STRING', '{"descreteValues":false}', 'RADIO'],
    ['INTEGER', '{}', 'SELECT'],
    ['INTEGER', '{"min":1,"max":100,"step":1}', 'RADIO'],
    ['DECIMAL', '{"descreteValues":true}', 'INPUT'],
    ['BOOLEAN', '{}', 'INPUT'],
    ['STRING', '{"descreteValues":true}', 'SWITCH'],
  ])('refuses a %s key (config %s) with control type %s', async (type, config, controlType) => {
    expectFailure(
      await post('AttributeKey', { type, config, controlType }),
      422,
      new RegExp(`^Control Type: ${controlType} is not allowed for this ${type} key; allowed: `),
    )
  })

  it.each([
    ['STRING', '{"descreteValues":true}', 'CHECKBOX_MULTI_DROPDOWN'],
    ['STRING', '{}', 'INPUT'],
    ['INTEGER', '{"min":1,"max":3,"step":1}', 'TOGGLE_BUTTON'],
    ['INTEGER', '{"min":1,"max":100,"step":1}', 'SLIDER'],
    ['DECIMAL', '{"descreteValues":true}', 'RADIO'],
    ['BOOLEAN', '{"descreteValues":true}', 'SWITCH'],
    ['STRING', '{}', null],
  ])('accepts a %s key (config %s) with control type %s', async (type, config, controlType) => {
    expect((await key({ type, config, controlType })).controlType).toBe(controlType)
  })

  it('answers 400 naming the field for wrong types, unknown fields and bad ids', async () => {
    expectFailure(await post('AttributeKey', { type: 'ROOT', name: 5 }), 400, /record\.name/)
    expectFailure(await post('AttributeKey', { type: 'PLANET' }), 400, /record\.type/)
    expectFailure(
      await post('AttributeKey', { type: 'STRING', controlType: 'DIAL' }),
      400,
      /record\.controlType/,
    )
    expectFailure(
      await post('AttributeKey', { type: 'ROOT', colour: 'red' }),
      400,
      /colour is not an allowed field/,
    )
    expectFailure(await post('AttributeKey', { type: 'ROOT' }, 'not-a-uuid'), 400, /^id /)
    expectFailure(
      await send('POST', '/v1/record/AttributeKey', { record: { type: 'ROOT' }, extra: 1 }),
      400,
      /extra is not an allowed field/,
    )
    expectFailure(
      await send('POST', '/v1/record/AttributeKey', { id: null }),
      400,
      /record is required/,
    )
    expectFailure(await post('AttributeKey', { name: 'no type' }), 400, 'record.type is required.')
  })

  it('answers 404 for an unknown id and an unknown entity', async () => {
    expectFailure(await post('AttributeKey', { name: 'x' }, NOBODY), 404, new RegExp(NOBODY))
    expectFailure(
      await send('POST', '/v1/record/AttributeThing', { record: {} }),
      404,
      /There is no entity 'AttributeThing'/,
    )
  })

  it('refuses an image path that was not uploaded', async () => {
    expectFailure(
      await post('AttributeKey', { type: 'ROOT', imagePath: '../etc/passwd' }),
      422,
      /^Image: '..\/etc\/passwd' is not an attributes/,
    )
    expectFailure(
      await post('AttributeKey', { type: 'ROOT', imagePath: 'attributes/nothing-here' }),
      422,
      'Image: there is no uploaded image attributes/nothing-here.',
    )
  })

  it('keeps a linked key on its side of container and leaf, and linked keys from deletion', async () => {
    const { key: rootKey, link } = await root('Fixed')
    expectFailure(
      await post('AttributeKey', { type: 'STRING' }, rootKey.id),
      422,
      /^Type: a linked ROOT key cannot become STRING/,
    )
    const leaf = await textLeaf(link.id)
    expect((await save('AttributeKey', { type: 'INTEGER', config: '{}' }, leaf.key.id)).type).toBe(
      'INTEGER',
    )
    expectFailure(
      await post('AttributeKey', { deleted: true }, leaf.key.id),
      409,
      'Remove the links to this key before deleting it.',
    )
    const loose = await key({ type: 'STRING' })
    expect((await save('AttributeKey', { deleted: true }, loose.id)).deleted).toBe(true)
  })

  it('refuses BOOLEAN for a key whose options are other values', async () => {
    const k = await key({ type: 'STRING', config: '{"descreteValues":true}' })
    await save('AttributeKeyOption', { attributeKeyId: k.id, label: 'Red', value: 'red' })
    expectFailure(
      await post('AttributeKey', { type: 'BOOLEAN' }, k.id),
      422,
      /^Type: a BOOLEAN key's options/,
    )
  })
})

describe('POST /v1/record/AttributeKeyOption', () => {
  it('creates and updates options of a leaf', async () => {
    const k = await key({
      type: 'STRING',
      config: '{"descreteValues":true}',
      controlType: 'SELECT',
    })
    const option = await save('AttributeKeyOption', {
      attributeKeyId: k.id,
      label: 'Red',
      value: 'red',
      sortOrder: 0,
    })
    expect(option).toMatchObject({
      attributeKeyId: k.id,
      label: 'Red',
      value: 'red',
      sortOrder: 0,
      imagePath: null,
    })
    const moved = await save('AttributeKeyOption', { sortOrder: 3, label: 'Crimson' }, option.id)
    expect(moved).toMatchObject({ id: option.id, label: 'Crimson', value: 'red', sortOrder: 3 })
  })

  it('allows only true and false on a BOOLEAN key', async () => {
    const k = await key({ type: 'BOOLEAN', controlType: 'SWITCH' })
    await save('AttributeKeyOption', { attributeKeyId: k.id, label: 'True', value: 'true' })
    expectFailure(
      await post('AttributeKeyOption', { attributeKeyId: k.id, label: 'Maybe', value: 'maybe' }),
      422,
      "Value: a BOOLEAN key's options can only have the values 'true' and 'false'.",
    )
  })

  it('refuses options on containers, unknown keys, moves, empty values and separators', async () => {
    const container = await key({ type: 'BRANCH' })
    const leaf = await key({ type: 'STRING' })
    const other = await key({ type: 'STRING' })
    expectFailure(
      await post('AttributeKeyOption', { attributeKeyId: container.id, label: 'a', value: 'a' }),
      422,
      'Key: a BRANCH key has no options.',
    )
    expectFailure(
      await post('AttributeKeyOption', { attributeKeyId: NOBODY, label: 'a', value: 'a' }),
      404,
    )
    expectFailure(
      await post('AttributeKeyOption', { attributeKeyId: leaf.id, label: 'a', value: ' ' }),
      422,
      'Value: must not be empty.',
    )
    expectFailure(
      await post('AttributeKeyOption', { attributeKeyId: leaf.id, label: 'a', value: 'a;b' }),
      422,
      /^Value: must not contain ';'/,
    )
    expectFailure(
      await post('AttributeKeyOption', {
        attributeKeyId: leaf.id,
        label: 'a'.repeat(201),
        value: 'a',
      }),
      422,
      'Label: must be at most 200 characters.',
    )
    expectFailure(
      await post('AttributeKeyOption', { attributeKeyId: leaf.id, label: 'a' }),
      400,
      'record.value is required.',
    )
    expectFailure(
      await post('AttributeKeyOption', { attributeKeyId: 'nope', label: 'a', value: 'a' }),
      400,
      /record\.attributeKeyId/,
    )
    // An option added and deleted again in the dialog is saved deleted, whatever it says.
    const dropped = await save('AttributeKeyOption', {
      attributeKeyId: leaf.id,
      label: '',
      value: '',
      deleted: true,
    })
    expect(dropped.deleted).toBe(true)
    const option = await save('AttributeKeyOption', {
      attributeKeyId: leaf.id,
      label: 'a',
      value: 'a',
    })
    expectFailure(
      await post('AttributeKeyOption', { attributeKeyId: other.id }, option.id),
      422,
      'Key: an option cannot move to another key.',
    )
  })
})

describe('POST /v1/record/AttributeKeyAssociation', () => {
  it('links ROOT at the top level, BRANCH and leaves below, with sortOrder 0 by default', async () => {
    const top = await root()
    expect(top.link).toMatchObject({
      parentAssociationId: null,
      attributeKeyId: top.key.id,
      sortOrder: 0,
      deleted: false,
    })
    const b = await branch(top.link.id)
    const leaf = await textLeaf(b.link.id)
    expect(leaf.link.parentAssociationId).toBe(b.link.id)
    const k = await key({ type: 'STRING' })
    const direct = await save('AttributeKeyAssociation', {
      attributeKeyId: k.id,
      parentAssociationId: top.link.id,
    })
    expect(direct.sortOrder).toBe(0)
  })

  it('keeps ROOT items at the top level only, and only ROOT items there', async () => {
    const top = await root()
    const rootKey = await key({ type: 'ROOT' })
    expectFailure(
      await post('AttributeKeyAssociation', {
        attributeKeyId: rootKey.id,
        parentAssociationId: top.link.id,
      }),
      422,
      'Parent: a ROOT item sits only at the top level.',
    )
    const branchKey = await key({ type: 'BRANCH' })
    expectFailure(
      await post('AttributeKeyAssociation', {
        attributeKeyId: branchKey.id,
        parentAssociationId: null,
      }),
      422,
      'Parent: only ROOT items sit at the top level; a BRANCH item needs a parent.',
    )
    expectFailure(
      await post('AttributeKeyAssociation', { attributeKeyId: branchKey.id }),
      422,
      /^Parent: only ROOT items/,
    )
  })

  it('refuses a parent that is unknown, deleted or a leaf', async () => {
    const top = await root()
    const k = await key({ type: 'STRING' })
    expectFailure(
      await post('AttributeKeyAssociation', { attributeKeyId: k.id, parentAssociationId: NOBODY }),
      404,
      new RegExp(NOBODY),
    )
    const leaf = await textLeaf(top.link.id)
    expectFailure(
      await post('AttributeKeyAssociation', {
        attributeKeyId: k.id,
        parentAssociationId: leaf.link.id,
      }),
      422,
      'Parent: a STRING item cannot hold other items.',
    )
    const gone = await branch(top.link.id)
    expect((await send('DELETE', `/v1/attributeKeyAssociation/${gone.link.id}`)).statusCode).toBe(
      200,
    )
    expectFailure(
      await post('AttributeKeyAssociation', {
        attributeKeyId: k.id,
        parentAssociationId: gone.link.id,
      }),
      422,
      'Parent: the parent item is deleted.',
    )
    expectFailure(
      await post('AttributeKeyAssociation', {
        attributeKeyId: NOBODY,
        parentAssociationId: top.link.id,
      }),
      404,
    )
    const deletedKey = await key({ type: 'STRING' })
    await save('AttributeKey', { deleted: true }, deletedKey.id)
    expectFailure(
      await post('AttributeKeyAssociation', {
        attributeKeyId: deletedKey.id,
        parentAssociationId: top.link.id,
      }),
      422,
      'Key: the key is deleted.',
    )
  })

  it('refuses a cycle and a move to another parent', async () => {
    const top = await root()
    const a = await branch(top.link.id, 'A')
    const b = await branch(a.link.id, 'B')
    const other = await branch(top.link.id, 'Other', 1)
    expectFailure(
      await post('AttributeKeyAssociation', { parentAssociationId: a.link.id }, a.link.id),
      422,
      'An item cannot be placed inside itself.',
    )
    expectFailure(
      await post('AttributeKeyAssociation', { parentAssociationId: b.link.id }, a.link.id),
      422,
      'An item cannot be placed inside itself.',
    )
    expectFailure(
      await post('AttributeKeyAssociation', { parentAssociationId: other.link.id }, b.link.id),
      422,
      'Parent: an item can only be reordered within its parent.',
    )
    const updated = await save('AttributeKeyAssociation', { sortOrder: 4 }, b.link.id)
    expect(updated).toMatchObject({ sortOrder: 4, parentAssociationId: a.link.id })
  })

  it('refuses a leaf key on an item that has children', async () => {
    const top = await root()
    const b = await branch(top.link.id)
    await textLeaf(b.link.id)
    const leafKey = await key({ type: 'STRING' })
    expectFailure(
      await post('AttributeKeyAssociation', { attributeKeyId: leafKey.id }, b.link.id),
      422,
      'Key: a STRING item cannot hold the items below this one.',
    )
  })
})

describe('POST /v1/record/AttributeKeyCondition', () => {
  async function family() {
    const top = await root()
    const b = await branch(top.link.id)
    const color = await colorLeaf(b.link.id, 0)
    const notes = await textLeaf(b.link.id, 1)
    const size = await textLeaf(b.link.id, 2, 'Size')
    return { top, b, color, notes, size }
  }

  it('includes a later sibling when the earlier leaf has one of the values', async () => {
    const { color, notes } = await family()
    const condition = await save('AttributeKeyCondition', {
      attributeKeyId: color.key.id,
      value: 'red;blue',
      conditionalAssociationId: notes.link.id,
    })
    expect(condition).toMatchObject({
      attributeKeyId: color.key.id,
      value: 'red;blue',
      conditionalAssociationId: notes.link.id,
      deleted: false,
    })
    const changed = await save('AttributeKeyCondition', { value: 'green' }, condition.id)
    expect(changed.value).toBe('green')
  })

  it('refuses an item that is not a later sibling', async () => {
    const { color, notes, size, top } = await family()
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: notes.key.id,
        value: 'x',
        conditionalAssociationId: color.link.id,
      }),
      422,
      'The affected item must come after the conditioned leaf.',
    )
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: color.key.id,
        value: 'red',
        conditionalAssociationId: color.link.id,
      }),
      422,
      'The affected item must come after the conditioned leaf.',
    )
    const elsewhere = await textLeaf(top.link.id, 5)
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: color.key.id,
        value: 'red',
        conditionalAssociationId: elsewhere.link.id,
      }),
      422,
      'The affected item must come after the conditioned leaf.',
    )
    expect(size.link.id).toBeTruthy()
  })

  it('refuses values the key cannot have, containers, top-level targets and unknown ids', async () => {
    const { color, notes, b, top } = await family()
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: color.key.id,
        value: 'red;purple',
        conditionalAssociationId: notes.link.id,
      }),
      422,
      "Value: 'purple' is not a value of Color.",
    )
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: color.key.id,
        value: ';',
        conditionalAssociationId: notes.link.id,
      }),
      422,
      'Value: choose at least one value.',
    )
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: b.key.id,
        value: 'x',
        conditionalAssociationId: notes.link.id,
      }),
      422,
      'Key: a BRANCH key has no values to test.',
    )
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: color.key.id,
        value: 'red',
        conditionalAssociationId: top.link.id,
      }),
      422,
      'Affected Branch/Leaf: a top-level item cannot be conditional.',
    )
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: color.key.id,
        value: 'red',
        conditionalAssociationId: NOBODY,
      }),
      404,
    )
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: NOBODY,
        value: 'red',
        conditionalAssociationId: notes.link.id,
      }),
      404,
    )
    expectFailure(
      await post('AttributeKeyCondition', { attributeKeyId: color.key.id, value: 'red' }),
      400,
      'record.conditionalAssociationId is required.',
    )
  })

  it('accepts the generated values of a ranged numeric leaf and true/false of a BOOLEAN', async () => {
    const top = await root()
    const count = await api.linked(
      { type: 'INTEGER', controlType: 'SELECT', config: '{"min":1,"max":3,"step":1}' },
      top.link.id,
      0,
    )
    const flag = await api.linked({ type: 'BOOLEAN', controlType: 'SWITCH' }, top.link.id, 1)
    const target = await textLeaf(top.link.id, 2)
    await save('AttributeKeyCondition', {
      attributeKeyId: count.key.id,
      value: '2;3',
      conditionalAssociationId: target.link.id,
    })
    await save('AttributeKeyCondition', {
      attributeKeyId: flag.key.id,
      value: 'true',
      conditionalAssociationId: target.link.id,
    })
    expectFailure(
      await post('AttributeKeyCondition', {
        attributeKeyId: count.key.id,
        value: '4',
        conditionalAssociationId: target.link.id,
      }),
      422,
      /^Value: '4' is not a value/,
    )
  })
})

describe('POST /v1/record/AttributeValue and GET /v1/attributeValues/:refId', () => {
  it('stores answers of leaves by type and reads them back per refId', async () => {
    const top = await root()
    const flag = await api.linked({ type: 'BOOLEAN', controlType: 'SWITCH' }, top.link.id, 0)
    const count = await api.linked({ type: 'INTEGER', controlType: 'INPUT' }, top.link.id, 1)
    const weight = await api.linked({ type: 'DECIMAL', controlType: 'INPUT' }, top.link.id, 2)
    const refId = `order-${Date.now()}`
    const a = await save('AttributeValue', {
      refId,
      attributeKeyId: flag.key.id,
      attributeKeyAssociationId: flag.link.id,
      value: 'true',
    })
    await save('AttributeValue', { refId, attributeKeyId: count.key.id, value: '12' })
    await save('AttributeValue', { refId, attributeKeyId: weight.key.id, value: '2.5' })
    expectFailure(
      await post('AttributeValue', { refId, attributeKeyId: flag.key.id, value: 'yes' }),
      422,
      "Value: a BOOLEAN answer is 'true' or 'false', not 'yes'.",
    )
    expectFailure(
      await post('AttributeValue', { refId, attributeKeyId: count.key.id, value: '1.5' }),
      422,
      "Value: '1.5' is not a whole number.",
    )
    expectFailure(
      await post('AttributeValue', { refId, attributeKeyId: weight.key.id, value: 'heavy' }),
      422,
      "Value: 'heavy' is not a number.",
    )
    expectFailure(
      await post('AttributeValue', { refId, attributeKeyId: top.key.id, value: 'x' }),
      422,
      'Key: a ROOT key takes no answer.',
    )
    expectFailure(
      await post('AttributeValue', {
        refId,
        attributeKeyId: count.key.id,
        attributeKeyAssociationId: flag.link.id,
        value: '1',
      }),
      422,
      'Association: it links another key.',
    )
    const response = await send('GET', `/v1/attributeValues/${refId}`, undefined, cookies.reader)
    expect(response.statusCode, response.body).toBe(200)
    const { values } = response.json<{ results: { values: { id: string; value: string }[] } }>()
      .results
    expect(values.map((v) => v.value)).toEqual(['true', '12', '2.5'])
    expect(values[0]!.id).toBe(a.id)
    await save('AttributeValue', { deleted: true }, a.id)
    const after = await send('GET', `/v1/attributeValues/${refId}`, undefined, cookies.reader)
    expect(after.json<{ results: { values: unknown[] } }>().results.values).toHaveLength(2)
  })
})

describe('permissions', () => {
  it('needs attributes.write to change and attributes.read to read', async () => {
    const top = await root()
    expectFailure(await post('AttributeKey', { type: 'ROOT' }, null, cookies.reader), 403)
    expectFailure(await post('AttributeKey', { type: 'ROOT' }, null, cookies.plain), 403)
    expectFailure(
      await send('POST', '/v1/record/AttributeKey', { record: { type: 'ROOT' } }, ''),
      401,
    )
    expectFailure(
      await send(
        'POST',
        '/v1/attributeKeyAssociations/reorder',
        { parentAssociationId: top.link.id, ids: [NOBODY] },
        cookies.reader,
      ),
      403,
    )
    expectFailure(
      await send('DELETE', `/v1/attributeKeyAssociation/${top.link.id}`, undefined, cookies.reader),
      403,
    )
    expectFailure(await send('POST', '/v1/attributeTree', { tree: {} }, cookies.reader), 403)
    expectFailure(
      await send('GET', `/v1/attributeTree/${top.link.id}`, undefined, cookies.plain),
      403,
    )
    expectFailure(await send('GET', '/v1/attributeValues/x', undefined, cookies.plain), 403)
    expectFailure(
      await send('POST', '/v1/imageFileDownload', { path: 'attributes/x' }, cookies.plain),
      403,
    )
    expect(
      (await send('GET', `/v1/attributeTree/${top.link.id}`, undefined, cookies.reader)).statusCode,
    ).toBe(200)
  })
})

describe('sync', () => {
  it('carries saved keys, links, options and conditions through /v1/sync', async () => {
    const top = await root('Synced')
    const color = await colorLeaf(top.link.id, 0)
    const notes = await textLeaf(top.link.id, 1)
    const condition = await save('AttributeKeyCondition', {
      attributeKeyId: color.key.id,
      value: 'red',
      conditionalAssociationId: notes.link.id,
    })
    const has = (id: string) => (nodes: { id: string }[]) => nodes.some((node) => node.id === id)
    const keys = await pullUntil(t, cookies.reader, 'attributeKeys', null, has(color.key.id))
    expect(keys.nodes.find((node) => node.id === top.key.id)).toMatchObject({
      name: 'Synced',
      type: 'ROOT',
    })
    await pullUntil(t, cookies.reader, 'attributeKeyAssociations', null, has(notes.link.id))
    const options = await pullUntil(
      t,
      cookies.reader,
      'attributeKeyOptions',
      null,
      (nodes) => nodes.filter((node) => node.attributeKeyId === color.key.id).length === 3,
    )
    expect(options.nodes.length).toBeGreaterThanOrEqual(3)
    await pullUntil(t, cookies.reader, 'attributeKeyConditions', null, has(condition.id))
    // An update travels again, after the position the console kept.
    const position = keys.position
    await save('AttributeKey', { name: 'Synced again' }, top.key.id)
    const later = await pullUntil(t, cookies.reader, 'attributeKeys', position, has(top.key.id))
    expect(later.nodes.find((node) => node.id === top.key.id)).toMatchObject({
      name: 'Synced again',
    })
  })
})
