import type { AttributeType, ControlType } from './attributes'

/**
 * The attribute rules of SPEC.md §4, §5 and §9 as pure functions, so that the editor offers and
 * the server accepts the same things. No I/O here.
 */

export const INPUT_ORIENTATIONS = ['Horizontal', 'Vertical'] as const
export type InputOrientation = (typeof INPUT_ORIENTATIONS)[number]

/** SPEC.md §3 'Config keys' (descreteValues is spelt so on purpose). */
export type AttributeConfig = {
  descreteValues?: boolean
  unit?: string
  min?: number
  max?: number
  step?: number
  rows?: number
  inputOrientation?: InputOrientation
}

export const CONFIG_KEYS = [
  'descreteValues',
  'unit',
  'min',
  'max',
  'step',
  'rows',
  'inputOrientation',
] as const

export const ATTRIBUTE_LIMITS = {
  /** SPEC.md §9: radio and toggle button are offered below this many options. */
  fewOptions: 5,
  rows: { min: 1, max: 5, default: 1 },
  nameMax: 200,
  promptMax: 1000,
  unitMax: 32,
  labelMax: 200,
  valueMax: 200,
  configMax: 2000,
  /** A generated option list longer than this is not built (a slider still works). */
  generatedMax: 1000,
  /** Values an AttributeValue may hold (joined). */
  answerMax: 4000,
  /**
   * How many levels below its top-level item an item may sit, wherever it is made (the record
   * save, an import): the import's schema validation recurses per level and Node's default stack
   * ends a little past 800, and every tree must survive its own export and import.
   */
  depth: 500,
} as const

/** Prefix of an option created in the dialog and not yet saved (SPEC.md §3). */
export const NEW_ID_PREFIX = 'NewId_'
export const isNewId = (id: string) => id.startsWith(NEW_ID_PREFIX)

/** SPEC.md §4: BOOLEAN keys always have exactly these two options. */
export const BOOLEAN_OPTIONS = [
  { label: 'True', value: 'true' },
  { label: 'False', value: 'false' },
] as const

/** Multi-select answers are one string joined by ';' (SPEC.md §3 'Value storage'). */
export const VALUE_SEPARATOR = ';'
export const joinValues = (values: readonly string[]) => values.join(VALUE_SEPARATOR)
export const splitValues = (value: string | null | undefined): string[] =>
  value ? value.split(VALUE_SEPARATOR).filter((part) => part !== '') : []

export const isNumericType = (type: AttributeType) => type === 'INTEGER' || type === 'DECIMAL'
/** ROOT and BRANCH items hold other items; the rest are leaves that ask something. */
export const isContainerType = (type: AttributeType) => type === 'ROOT' || type === 'BRANCH'
export const isLeafType = (type: AttributeType) => !isContainerType(type)

/** Control types that let one answer hold several values. */
export const MULTI_CONTROL_TYPES: readonly ControlType[] = [
  'AUTOCOMPLETE_MULTI',
  'CHECKBOX_MULTI',
  'CHECKBOX_MULTI_DROPDOWN',
]
export const isMultiControl = (controlType: ControlType | null | undefined) =>
  !!controlType && MULTI_CONTROL_TYPES.includes(controlType)

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

/** Reads a key's config text; anything unreadable is an empty config, as the console must still draw. */
export function parseConfig(text: string | null | undefined): AttributeConfig {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    const raw = value as Record<string, unknown>
    const config: AttributeConfig = {}
    if (typeof raw.descreteValues === 'boolean') config.descreteValues = raw.descreteValues
    if (typeof raw.unit === 'string') config.unit = raw.unit
    if (isFiniteNumber(raw.min)) config.min = raw.min
    if (isFiniteNumber(raw.max)) config.max = raw.max
    if (isFiniteNumber(raw.step)) config.step = raw.step
    if (isFiniteNumber(raw.rows)) config.rows = raw.rows
    if (raw.inputOrientation === 'Horizontal' || raw.inputOrientation === 'Vertical')
      config.inputOrientation = raw.inputOrientation
    return config
  } catch {
    return {}
  }
}

/** The config as stored: only set keys, in a stable order. */
export function serializeConfig(config: AttributeConfig): string {
  const out: Record<string, unknown> = {}
  for (const key of CONFIG_KEYS) {
    const value = config[key]
    if (value !== undefined && value !== null && value !== '') out[key] = value
  }
  return JSON.stringify(out)
}

/**
 * What is wrong with a config text, or undefined. Used by the server on every save and by the
 * dialog beside the fields. Messages name the field as the dialog labels it.
 */
export function validateConfig(text: string, type?: AttributeType): string | undefined {
  if (text.length > ATTRIBUTE_LIMITS.configMax)
    return `Config must be at most ${ATTRIBUTE_LIMITS.configMax} characters.`
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'Config must be JSON.'
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return 'Config must be a JSON object.'
  const raw = value as Record<string, unknown>
  const unknown = Object.keys(raw).filter(
    (key) => !(CONFIG_KEYS as readonly string[]).includes(key),
  )
  if (unknown.length) return `Config has an unknown key: ${unknown.join(', ')}.`
  if ('descreteValues' in raw && typeof raw.descreteValues !== 'boolean')
    return 'Discrete Values must be true or false.'
  if ('unit' in raw) {
    if (typeof raw.unit !== 'string') return 'Unit must be text.'
    if (raw.unit.length > ATTRIBUTE_LIMITS.unitMax)
      return `Unit must be at most ${ATTRIBUTE_LIMITS.unitMax} characters.`
  }
  for (const key of ['min', 'max', 'step'] as const) {
    if (key in raw && !isFiniteNumber(raw[key])) return `${numberLabel[key]} must be a number.`
  }
  if (isFiniteNumber(raw.min) && isFiniteNumber(raw.max) && raw.min > raw.max)
    return 'Min must not be greater than Max.'
  if ('step' in raw) {
    if (!(isFiniteNumber(raw.min) && isFiniteNumber(raw.max)))
      return 'Step needs Min and Max to be set.'
    if ((raw.step as number) <= 0) return 'Step must be greater than 0.'
  }
  if (type === 'INTEGER') {
    for (const key of ['min', 'max', 'step'] as const)
      if (isFiniteNumber(raw[key]) && !Number.isInteger(raw[key]))
        return `${numberLabel[key]} must be a whole number.`
  }
  if ('rows' in raw) {
    const rows = raw.rows
    const { min, max } = ATTRIBUTE_LIMITS.rows
    if (!isFiniteNumber(rows) || !Number.isInteger(rows) || rows < min || rows > max)
      return `Number of Rows must be a whole number from ${min} to ${max}.`
  }
  if (
    'inputOrientation' in raw &&
    raw.inputOrientation !== 'Horizontal' &&
    raw.inputOrientation !== 'Vertical'
  )
    return 'Orientation must be Horizontal or Vertical.'
  return undefined
}

const numberLabel = { min: 'Min', max: 'Max', step: 'Step' } as const

/** SPEC.md §5: Step is disabled until min and max are set. */
export const canSetStep = (config: AttributeConfig) =>
  isFiniteNumber(config.min) && isFiniteNumber(config.max)

/** min, max and step all set and non-zero: the generated list of SPEC.md §5 can be built. */
export function hasRange(
  config: AttributeConfig,
): config is Required<Pick<AttributeConfig, 'min' | 'max' | 'step'>> & AttributeConfig {
  return (
    isFiniteNumber(config.min) &&
    isFiniteNumber(config.max) &&
    isFiniteNumber(config.step) &&
    config.min !== 0 &&
    config.max !== 0 &&
    config.step > 0
  )
}

/** How many values min..max in steps gives, by SPEC.md §5's formula ((max-min+1)/step). */
export const rangeSize = (config: { min: number; max: number; step: number }) =>
  (config.max - config.min + 1) / config.step

/** Rounds away the binary noise of repeated decimal steps (0.1 + 0.2). */
const tidy = (value: number) => Number.parseFloat(value.toPrecision(12))

/**
 * SPEC.md §5: the preview's generated option list, from min to max inclusive in steps, only when
 * min, max and step are all set and non-zero. Empty past ATTRIBUTE_LIMITS.generatedMax entries.
 */
export function generatedOptions(config: AttributeConfig): { label: string; value: string }[] {
  if (!hasRange(config) || config.min > config.max) return []
  const count = Math.floor(tidy((config.max - config.min) / config.step)) + 1
  if (count > ATTRIBUTE_LIMITS.generatedMax) return []
  const unit = config.unit ? ` ${config.unit}` : ''
  return Array.from({ length: count }, (_, index) => {
    const value = String(tidy(config.min + index * config.step))
    return { label: `${value}${unit}`, value }
  })
}

/**
 * SPEC.md §5 'Allowed control types by attribute type', in the order the editor offers them.
 * `optionCount` is the number of live discrete options. SLIDER is offered with INPUT when min, max
 * and step are set: SPEC.md lists a slider preview but no rule for it (docs/attributes.md).
 */
export function allowedControlTypes(
  type: AttributeType,
  config: AttributeConfig,
  optionCount: number,
): ControlType[] {
  const few = optionCount < ATTRIBUTE_LIMITS.fewOptions
  if (type === 'BOOLEAN') return ['CHECKBOX', 'RADIO', 'SELECT', 'SWITCH', 'TOGGLE_BUTTON']
  if (isNumericType(type)) {
    if (config.descreteValues) {
      return ['AUTOCOMPLETE', 'SELECT', ...(few ? (['RADIO', 'TOGGLE_BUTTON'] as const) : [])]
    }
    const ranged =
      isFiniteNumber(config.min) &&
      isFiniteNumber(config.max) &&
      isFiniteNumber(config.step) &&
      config.step > 0
    if (!ranged) return ['INPUT']
    const small =
      rangeSize(config as { min: number; max: number; step: number }) < ATTRIBUTE_LIMITS.fewOptions
    return [
      'INPUT',
      'AUTOCOMPLETE',
      'SELECT',
      ...(small ? (['RADIO', 'TOGGLE_BUTTON'] as const) : []),
      'SLIDER',
    ]
  }
  if (type === 'STRING') {
    if (config.descreteValues) {
      return [
        'AUTOCOMPLETE',
        'AUTOCOMPLETE_MULTI',
        'SELECT',
        'CHECKBOX_MULTI',
        'CHECKBOX_MULTI_DROPDOWN',
        ...(few ? (['RADIO', 'TOGGLE_BUTTON'] as const) : []),
      ]
    }
    return ['INPUT']
  }
  return []
}

/** SPEC.md §4: a type change clears a control type the new type does not allow. */
export function keepControlType(
  controlType: ControlType | null,
  type: AttributeType,
  config: AttributeConfig,
  optionCount: number,
): ControlType | null {
  if (!controlType) return null
  return allowedControlTypes(type, config, optionCount).includes(controlType) ? controlType : null
}

/** SPEC.md §4: sortOrder renumbered from 0 after every change to the list. */
export function renumber<T extends { sortOrder: number }>(items: readonly T[]): T[] {
  return items.map((item, index) =>
    item.sortOrder === index ? item : { ...item, sortOrder: index },
  )
}

/** Moves one item of a list to another index (a drag or a keyboard move), returning a new list. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length)
    return [...items]
  const next = [...items]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved as T)
  return next
}

/** The tree as the rules need it: one row per association. */
export type TreeLink = {
  id: string
  parentAssociationId: string | null
  sortOrder: number
  attributeKeyId: string
  deleted: boolean
  createdAt?: string
}

/** Live children of a parent (null: the top level), by sortOrder then creation (SPEC.md §4). */
export function childrenOf<T extends TreeLink>(links: readonly T[], parentId: string | null): T[] {
  return links
    .filter((link) => !link.deleted && link.parentAssociationId === parentId)
    .sort(
      (a, b) =>
        a.sortOrder - b.sortOrder ||
        (a.createdAt ?? '').localeCompare(b.createdAt ?? '') ||
        a.id.localeCompare(b.id),
    )
}

/**
 * True when `candidate` is `id` itself or lies below it: making it the parent of `id` would make
 * a cycle. Walks up from the candidate, so it costs the depth, not the tree size.
 */
export function isSelfOrDescendant(
  parentOf: (id: string) => string | null | undefined,
  id: string,
  candidate: string,
): boolean {
  const seen = new Set<string>()
  let current: string | null | undefined = candidate
  while (current) {
    if (current === id) return true
    if (seen.has(current)) return true
    seen.add(current)
    current = parentOf(current)
  }
  return false
}

/** The sibling ids after moving `activeId` to where `overId` is; unchanged when either is missing. */
export function reorderSiblings(
  ids: readonly string[],
  activeId: string,
  overId: string,
): string[] {
  return moveItem(ids, ids.indexOf(activeId), ids.indexOf(overId))
}

/** SPEC.md §2: a condition can include only a later sibling; the last sibling has none. */
export function laterSiblings<T extends TreeLink>(siblings: readonly T[], id: string): T[] {
  const index = siblings.findIndex((link) => link.id === id)
  return index < 0 ? [] : siblings.slice(index + 1)
}

export type ConditionRule = {
  attributeKeyId: string
  value: string
  conditionalAssociationId: string
  deleted: boolean
}

/**
 * Whether an item is included for a respondent. An item that is the target of live conditions is
 * included when any of them holds: an earlier sibling with the condition's key has an answer that
 * shares a value with the condition's values. Items without conditions are always included.
 * `answerOf(associationId)` gives the stored answer string of a leaf.
 */
export function isIncluded(
  target: TreeLink,
  siblings: readonly TreeLink[],
  conditions: readonly ConditionRule[],
  answerOf: (associationId: string) => string | undefined,
): boolean {
  const rules = conditions.filter(
    (rule) => !rule.deleted && rule.conditionalAssociationId === target.id,
  )
  if (rules.length === 0) return true
  // A target missing from its siblings has no earlier sibling (slice(0, -1) would take almost all).
  const index = siblings.findIndex((link) => link.id === target.id)
  const earlier = index < 0 ? [] : siblings.slice(0, index)
  return rules.some((rule) => {
    const wanted = new Set(splitValues(rule.value))
    return earlier.some(
      (link) =>
        link.attributeKeyId === rule.attributeKeyId &&
        splitValues(answerOf(link.id)).some((value) => wanted.has(value)),
    )
  })
}

/** The Conditional dialog's summary (SPEC.md §2). */
export function conditionSummary(keyName: string, values: readonly string[], targetName: string) {
  return `When ${keyName} has the value(s) ${values.join(', ')} the branch/leaf ${targetName} will be included`
}
