import { describe, expect, it } from 'vitest'
import {
  ATTRIBUTE_LIMITS,
  BOOLEAN_OPTIONS,
  type ConditionRule,
  type TreeLink,
  allowedControlTypes,
  canSetStep,
  childrenOf,
  conditionSummary,
  generatedOptions,
  hasRange,
  isContainerType,
  isIncluded,
  isLeafType,
  isMultiControl,
  isNewId,
  isNumericType,
  isSelfOrDescendant,
  joinValues,
  keepControlType,
  laterSiblings,
  moveItem,
  parseConfig,
  rangeSize,
  renumber,
  reorderSiblings,
  serializeConfig,
  splitValues,
  validateConfig,
} from '../../schema/attribute-rules'

describe('allowedControlTypes (SPEC.md §5)', () => {
  it('numeric discrete: autocomplete and select, plus radio and toggle below 5 options', () => {
    for (const type of ['INTEGER', 'DECIMAL'] as const) {
      const config = { descreteValues: true }
      expect(allowedControlTypes(type, config, 4)).toEqual([
        'AUTOCOMPLETE',
        'SELECT',
        'RADIO',
        'TOGGLE_BUTTON',
      ])
      expect(allowedControlTypes(type, config, 0)).toEqual([
        'AUTOCOMPLETE',
        'SELECT',
        'RADIO',
        'TOGGLE_BUTTON',
      ])
      expect(allowedControlTypes(type, config, 5)).toEqual(['AUTOCOMPLETE', 'SELECT'])
    }
  })

  it('numeric freeform: input only until min, max and step are all set', () => {
    expect(allowedControlTypes('INTEGER', {}, 0)).toEqual(['INPUT'])
    expect(allowedControlTypes('INTEGER', { min: 1, max: 10 }, 0)).toEqual(['INPUT'])
    expect(allowedControlTypes('DECIMAL', { min: 1, step: 1 }, 0)).toEqual(['INPUT'])
    expect(allowedControlTypes('DECIMAL', { descreteValues: false }, 9)).toEqual(['INPUT'])
  })

  it('numeric freeform with a range: radio and toggle when (max-min+1)/step is below 5', () => {
    // (4 - 1 + 1) / 1 = 4
    expect(allowedControlTypes('INTEGER', { min: 1, max: 4, step: 1 }, 0)).toEqual([
      'INPUT',
      'AUTOCOMPLETE',
      'SELECT',
      'RADIO',
      'TOGGLE_BUTTON',
      'SLIDER',
    ])
    // (5 - 1 + 1) / 1 = 5: not below 5
    expect(allowedControlTypes('INTEGER', { min: 1, max: 5, step: 1 }, 0)).toEqual([
      'INPUT',
      'AUTOCOMPLETE',
      'SELECT',
      'SLIDER',
    ])
    // (10 - 1 + 1) / 3 = 3.33
    expect(allowedControlTypes('DECIMAL', { min: 1, max: 10, step: 3 }, 0)).toContain('RADIO')
    // The option count does not matter in freeform mode.
    expect(allowedControlTypes('INTEGER', { min: 1, max: 100, step: 1 }, 1)).not.toContain('RADIO')
  })

  it('string discrete: the multi controls, plus radio and toggle below 5 options', () => {
    const base = [
      'AUTOCOMPLETE',
      'AUTOCOMPLETE_MULTI',
      'SELECT',
      'CHECKBOX_MULTI',
      'CHECKBOX_MULTI_DROPDOWN',
    ]
    expect(allowedControlTypes('STRING', { descreteValues: true }, 4)).toEqual([
      ...base,
      'RADIO',
      'TOGGLE_BUTTON',
    ])
    expect(allowedControlTypes('STRING', { descreteValues: true }, 5)).toEqual(base)
  })

  it('string freeform: input only', () => {
    expect(allowedControlTypes('STRING', {}, 0)).toEqual(['INPUT'])
    expect(allowedControlTypes('STRING', { min: 1, max: 3, step: 1 }, 0)).toEqual(['INPUT'])
  })

  it('boolean: checkbox, radio, select, switch, toggle button, whatever the config', () => {
    const all = ['CHECKBOX', 'RADIO', 'SELECT', 'SWITCH', 'TOGGLE_BUTTON']
    expect(allowedControlTypes('BOOLEAN', {}, 0)).toEqual(all)
    expect(allowedControlTypes('BOOLEAN', { descreteValues: true }, 9)).toEqual(all)
  })

  it('ROOT and BRANCH: none', () => {
    expect(allowedControlTypes('ROOT', {}, 0)).toEqual([])
    expect(allowedControlTypes('BRANCH', { descreteValues: true }, 0)).toEqual([])
  })
})

describe('keepControlType (SPEC.md §4)', () => {
  it('keeps an allowed control type and clears one the new type does not allow', () => {
    expect(keepControlType('SELECT', 'STRING', { descreteValues: true }, 2)).toBe('SELECT')
    expect(keepControlType('SELECT', 'STRING', {}, 0)).toBeNull()
    expect(keepControlType('SWITCH', 'INTEGER', {}, 0)).toBeNull()
    expect(keepControlType('RADIO', 'STRING', { descreteValues: true }, 5)).toBeNull()
    expect(keepControlType(null, 'BOOLEAN', {}, 0)).toBeNull()
  })
})

describe('config', () => {
  it('parseConfig keeps known, well-typed keys and reads anything else as empty', () => {
    expect(
      parseConfig(
        '{"min":1,"max":"2","rows":3,"unit":"cm","descreteValues":true,"inputOrientation":"Vertical","x":1}',
      ),
    ).toEqual({
      min: 1,
      rows: 3,
      unit: 'cm',
      descreteValues: true,
      inputOrientation: 'Vertical',
    })
    expect(parseConfig('nope')).toEqual({})
    expect(parseConfig('[1]')).toEqual({})
    expect(parseConfig('null')).toEqual({})
    expect(parseConfig(null)).toEqual({})
    expect(parseConfig('')).toEqual({})
  })

  it('serializeConfig writes set keys only, in a stable order', () => {
    expect(serializeConfig({ step: 1, min: 0, unit: '', max: 4, rows: undefined })).toBe(
      '{"min":0,"max":4,"step":1}',
    )
    expect(serializeConfig({})).toBe('{}')
    expect(
      parseConfig(serializeConfig({ descreteValues: true, inputOrientation: 'Horizontal' })),
    ).toEqual({
      descreteValues: true,
      inputOrientation: 'Horizontal',
    })
  })

  it.each([
    ['{}', undefined],
    ['{"min":1,"max":5,"step":0.5}', undefined],
    ['{"min":5,"max":1}', 'Min must not be greater than Max.'],
    ['{"min":1,"max":5,"step":0}', 'Step must be greater than 0.'],
    ['{"min":1,"max":5,"step":-2}', 'Step must be greater than 0.'],
    ['{"step":1}', 'Step needs Min and Max to be set.'],
    ['{"rows":6}', 'Number of Rows must be a whole number from 1 to 5.'],
    ['{"rows":1.5}', 'Number of Rows must be a whole number from 1 to 5.'],
    ['{"rows":5}', undefined],
    ['{"other":1}', 'Config has an unknown key: other.'],
    ['{', 'Config must be JSON.'],
    ['"text"', 'Config must be a JSON object.'],
    ['{"descreteValues":"yes"}', 'Discrete Values must be true or false.'],
    ['{"unit":5}', 'Unit must be text.'],
    [`{"unit":"${'u'.repeat(33)}"}`, 'Unit must be at most 32 characters.'],
    ['{"max":"5"}', 'Max must be a number.'],
    ['{"inputOrientation":"Up"}', 'Orientation must be Horizontal or Vertical.'],
  ])('validateConfig(%s)', (text, problem) => {
    expect(validateConfig(text, 'DECIMAL')).toBe(problem)
  })

  it('validateConfig wants whole numbers for INTEGER keys and bounds the text', () => {
    expect(validateConfig('{"min":0.5,"max":5}', 'INTEGER')).toBe('Min must be a whole number.')
    expect(validateConfig('{"min":0.5,"max":5}', 'DECIMAL')).toBeUndefined()
    expect(validateConfig(`{"unit":"${'x'.repeat(2000)}"}`)).toBe(
      'Config must be at most 2000 characters.',
    )
  })

  it('canSetStep needs min and max (SPEC.md §5)', () => {
    expect(canSetStep({})).toBe(false)
    expect(canSetStep({ min: 1 })).toBe(false)
    expect(canSetStep({ min: 0, max: 1 })).toBe(true)
  })
})

describe('generatedOptions (SPEC.md §5)', () => {
  it('runs from min to max inclusive in steps, with the unit in the label', () => {
    expect(generatedOptions({ min: 1, max: 3, step: 1, unit: 'kg' })).toEqual([
      { label: '1 kg', value: '1' },
      { label: '2 kg', value: '2' },
      { label: '3 kg', value: '3' },
    ])
    expect(generatedOptions({ min: 1, max: 6, step: 2 }).map((o) => o.value)).toEqual([
      '1',
      '3',
      '5',
    ])
  })

  it('steps through decimals without binary noise', () => {
    expect(generatedOptions({ min: 0.1, max: 0.3, step: 0.1 }).map((o) => o.value)).toEqual([
      '0.1',
      '0.2',
      '0.3',
    ])
    expect(generatedOptions({ min: 0.5, max: 1.5, step: 0.25 }).map((o) => o.value)).toEqual([
      '0.5',
      '0.75',
      '1',
      '1.25',
      '1.5',
    ])
    expect(generatedOptions({ min: -1.5, max: -0.5, step: 0.5 }).map((o) => o.value)).toEqual([
      '-1.5',
      '-1',
      '-0.5',
    ])
  })

  it('is built only when min, max and step are all set and non-zero', () => {
    expect(generatedOptions({})).toEqual([])
    expect(generatedOptions({ min: 1, max: 3 })).toEqual([])
    expect(generatedOptions({ min: 0, max: 3, step: 1 })).toEqual([])
    expect(generatedOptions({ min: -3, max: 0, step: 1 })).toEqual([])
    expect(generatedOptions({ min: 1, max: 3, step: 0 })).toEqual([])
    expect(generatedOptions({ min: 3, max: 1, step: 1 })).toEqual([])
    expect(hasRange({ min: 1, max: 2, step: 1 })).toBe(true)
    expect(hasRange({ min: 0, max: 2, step: 1 })).toBe(false)
  })

  it('is not built past the limit', () => {
    expect(generatedOptions({ min: 1, max: ATTRIBUTE_LIMITS.generatedMax, step: 1 })).toHaveLength(
      ATTRIBUTE_LIMITS.generatedMax,
    )
    expect(generatedOptions({ min: 1, max: ATTRIBUTE_LIMITS.generatedMax + 1, step: 1 })).toEqual(
      [],
    )
  })

  it('rangeSize is SPEC.md §5 formula', () => {
    expect(rangeSize({ min: 1, max: 4, step: 1 })).toBe(4)
    expect(rangeSize({ min: 0, max: 9, step: 2 })).toBe(5)
  })
})

describe('lists', () => {
  it('renumber sets sortOrder to the index from 0, keeping unchanged items', () => {
    const items = [
      { id: 'a', sortOrder: 0 },
      { id: 'b', sortOrder: 5 },
      { id: 'c', sortOrder: 1 },
    ]
    const result = renumber(items)
    expect(result.map((item) => item.sortOrder)).toEqual([0, 1, 2])
    expect(result[0]).toBe(items[0])
    expect(items[1]!.sortOrder).toBe(5)
    expect(renumber([])).toEqual([])
  })

  it('moveItem moves one item and leaves the input alone', () => {
    const items = ['a', 'b', 'c', 'd']
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd'])
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c'])
    expect(moveItem(items, 1, 1)).toEqual(items)
    expect(moveItem(items, -1, 2)).toEqual(items)
    expect(moveItem(items, 0, 9)).toEqual(items)
    expect(items).toEqual(['a', 'b', 'c', 'd'])
  })

  it('reorderSiblings moves the active id to where the other is', () => {
    expect(reorderSiblings(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b'])
    expect(reorderSiblings(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a'])
    expect(reorderSiblings(['a', 'b'], 'x', 'a')).toEqual(['a', 'b'])
  })

  it('values join and split on ";"', () => {
    expect(joinValues(['a', 'b'])).toBe('a;b')
    expect(splitValues('a;;b;')).toEqual(['a', 'b'])
    expect(splitValues('')).toEqual([])
    expect(splitValues(null)).toEqual([])
    expect(splitValues(undefined)).toEqual([])
  })

  it('small predicates', () => {
    expect(isNewId('NewId_3')).toBe(true)
    expect(isNewId('0190-abc')).toBe(false)
    expect(isNumericType('INTEGER') && isNumericType('DECIMAL')).toBe(true)
    expect(isNumericType('STRING')).toBe(false)
    expect(isContainerType('ROOT') && isContainerType('BRANCH')).toBe(true)
    expect(isLeafType('BOOLEAN')).toBe(true)
    expect(isLeafType('BRANCH')).toBe(false)
    expect(isMultiControl('CHECKBOX_MULTI')).toBe(true)
    expect(isMultiControl('SELECT')).toBe(false)
    expect(isMultiControl(null)).toBe(false)
    expect(BOOLEAN_OPTIONS.map((o) => o.value)).toEqual(['true', 'false'])
  })
})

const link = (
  id: string,
  parent: string | null,
  sortOrder: number,
  extra: Partial<TreeLink> = {},
): TreeLink => ({
  id,
  parentAssociationId: parent,
  sortOrder,
  attributeKeyId: `key-${id}`,
  deleted: false,
  ...extra,
})

describe('tree', () => {
  const links = [
    link('root', null, 0),
    link('b', 'root', 1),
    link('a', 'root', 0),
    link('gone', 'root', 0, { deleted: true }),
    link('c2', 'root', 2, { createdAt: '2026-01-02T00:00:00.000Z' }),
    link('c1', 'root', 2, { createdAt: '2026-01-01T00:00:00.000Z' }),
    link('a1', 'a', 0),
    link('a11', 'a1', 0),
  ]

  it('childrenOf: live children by sortOrder, then creation', () => {
    expect(childrenOf(links, 'root').map((l) => l.id)).toEqual(['a', 'b', 'c1', 'c2'])
    expect(childrenOf(links, null).map((l) => l.id)).toEqual(['root'])
    expect(childrenOf(links, 'b')).toEqual([])
  })

  it('isSelfOrDescendant: the item itself and everything below it', () => {
    const parents = new Map(links.map((l) => [l.id, l.parentAssociationId]))
    const parentOf = (id: string) => parents.get(id)
    expect(isSelfOrDescendant(parentOf, 'a', 'a')).toBe(true)
    expect(isSelfOrDescendant(parentOf, 'a', 'a1')).toBe(true)
    expect(isSelfOrDescendant(parentOf, 'a', 'a11')).toBe(true)
    expect(isSelfOrDescendant(parentOf, 'a', 'b')).toBe(false)
    expect(isSelfOrDescendant(parentOf, 'a', 'root')).toBe(false)
    expect(isSelfOrDescendant(parentOf, 'a', 'unknown')).toBe(false)
    // A loop already in the data counts as a cycle rather than running forever.
    const loop = new Map([
      ['x', 'y'],
      ['y', 'x'],
    ])
    expect(isSelfOrDescendant((id) => loop.get(id), 'a', 'x')).toBe(true)
  })

  it('laterSiblings: what comes after; none for the last or an unknown id', () => {
    const siblings = childrenOf(links, 'root')
    expect(laterSiblings(siblings, 'a').map((l) => l.id)).toEqual(['b', 'c1', 'c2'])
    expect(laterSiblings(siblings, 'c2')).toEqual([])
    expect(laterSiblings(siblings, 'nope')).toEqual([])
  })
})

describe('isIncluded', () => {
  const color = link('color', 'p', 0, { attributeKeyId: 'k-color' })
  const size = link('size', 'p', 1, { attributeKeyId: 'k-size' })
  const notes = link('notes', 'p', 2, { attributeKeyId: 'k-notes' })
  const siblings = [color, size, notes]
  const rule = (value: string, extra: Partial<ConditionRule> = {}): ConditionRule => ({
    attributeKeyId: 'k-color',
    value,
    conditionalAssociationId: 'notes',
    deleted: false,
    ...extra,
  })
  const answers = (map: Record<string, string>) => (id: string) => map[id]

  it('is true for an item without live conditions', () => {
    expect(isIncluded(notes, siblings, [], answers({}))).toBe(true)
    expect(isIncluded(notes, siblings, [rule('red', { deleted: true })], answers({}))).toBe(true)
    expect(isIncluded(size, siblings, [rule('red')], answers({}))).toBe(true)
  })

  it('is true when an earlier sibling of the key shares a value', () => {
    expect(isIncluded(notes, siblings, [rule('red;blue')], answers({ color: 'blue' }))).toBe(true)
    expect(isIncluded(notes, siblings, [rule('red')], answers({ color: 'green;red' }))).toBe(true)
    expect(isIncluded(notes, siblings, [rule('red')], answers({ color: 'green' }))).toBe(false)
    expect(isIncluded(notes, siblings, [rule('red')], answers({}))).toBe(false)
  })

  it('holds when any of several conditions holds', () => {
    const rules = [rule('red'), rule('L', { attributeKeyId: 'k-size' })]
    expect(isIncluded(notes, siblings, rules, answers({ size: 'L' }))).toBe(true)
    expect(isIncluded(notes, siblings, rules, answers({ size: 'M' }))).toBe(false)
  })

  it('looks only at earlier siblings', () => {
    const early = link('early', 'p', 0, { attributeKeyId: 'k-size' })
    const target = link('target', 'p', 1)
    const late = link('late', 'p', 2, { attributeKeyId: 'k-color' })
    const rules = [rule('red', { conditionalAssociationId: 'target' })]
    expect(isIncluded(target, [early, target, late], rules, answers({ late: 'red' }))).toBe(false)
    // A target that is not among the siblings has no earlier ones.
    expect(isIncluded(target, [late, early], rules, answers({ late: 'red' }))).toBe(false)
  })
})

describe('conditionSummary (SPEC.md §2)', () => {
  it('reads as the dialog says', () => {
    expect(conditionSummary('Color', ['red', 'blue'], 'Notes')).toBe(
      'When Color has the value(s) red, blue the branch/leaf Notes will be included',
    )
  })
})
