import {
  ATTRIBUTE_LIMITS,
  BOOLEAN_OPTIONS,
  NEW_ID_PREFIX,
  allowedControlTypes,
  isNewId,
  moveItem,
  isNumericType,
  keepControlType,
  parseConfig,
  renumber,
  serializeConfig,
  validateConfig,
  type AttributeConfig,
} from '../../../../schema/attribute-rules'
import type {
  AttributeKey,
  AttributeKeyOption,
  AttributeType,
  ControlType,
} from '../../../../schema/attributes'

/** The key as the dialog edits it. */
export type KeyDraft = {
  name: string
  prompt: string
  type: AttributeType
  controlType: ControlType | null
  config: AttributeConfig
  imagePath: string | null
}

/**
 * An option as the editor, the previews and the condition form read it: the one option type of the
 * attribute views (the stored row without its timestamps and key id).
 */
export type KeyOption = Pick<
  AttributeKeyOption,
  'id' | 'label' | 'value' | 'imagePath' | 'sortOrder' | 'deleted'
>

/** An option as the dialog edits it; `imageFile` is chosen and not uploaded yet. */
export type OptionDraft = KeyOption & { imageFile: File | null }

/** SPEC.md §4 leaves the new key's type open: a one-line text question is the least surprising. */
export const newKeyDraft = (): KeyDraft => ({
  name: '',
  prompt: '',
  type: 'STRING',
  controlType: 'INPUT',
  config: {},
  imagePath: null,
})

export const draftOfKey = (key: AttributeKey): KeyDraft => ({
  name: key.name,
  prompt: key.prompt ?? '',
  type: key.type,
  controlType: key.controlType,
  config: parseConfig(key.config),
  imagePath: key.imagePath,
})

export const draftOfOption = (option: AttributeKeyOption): OptionDraft => ({
  id: option.id,
  label: option.label,
  value: option.value,
  imagePath: option.imagePath,
  sortOrder: option.sortOrder,
  deleted: option.deleted,
  imageFile: null,
})

let counter = 0
/** A locally created option's id (SPEC.md §3: it starts with NewId_). */
export const newOptionId = () => `${NEW_ID_PREFIX}${Date.now().toString(36)}_${(counter += 1)}`

/** The options shown: live ones in sortOrder. */
export const liveOptions = (options: readonly OptionDraft[]) =>
  options.filter((option) => !option.deleted).sort((a, b) => a.sortOrder - b.sortOrder)

/** BOOLEAN and discrete keys keep an option list; freeform keys do not use theirs. */
export const usesOptions = (draft: KeyDraft) =>
  draft.type === 'BOOLEAN' || draft.config.descreteValues === true

/** Live options in order, renumbered from 0, with the deleted real ones kept (hidden) after them. */
export function tidyOptions(options: readonly OptionDraft[]): OptionDraft[] {
  return [...renumber(liveOptions(options)), ...options.filter((option) => option.deleted)]
}

/**
 * SPEC.md §4: a BOOLEAN key has exactly True ('true') and False ('false'). Existing options with
 * those values are kept (relabelled), any other is deleted, a missing one is created.
 */
export function booleanOptions(options: readonly OptionDraft[]): OptionDraft[] {
  const live = liveOptions(options)
  const kept = BOOLEAN_OPTIONS.map((fixed, index) => {
    const found = live.find((option) => option.value === fixed.value)
    return found
      ? { ...found, label: fixed.label, sortOrder: index }
      : {
          ...fixed,
          id: newOptionId(),
          imagePath: null,
          sortOrder: index,
          deleted: false,
          imageFile: null,
        }
  })
  const keptIds = new Set(kept.map((option) => option.id))
  const removed = options
    .filter((option) => !keptIds.has(option.id) && !isNewId(option.id))
    .map((option) => ({ ...option, deleted: true }))
  return [...kept, ...removed]
}

/** Keeps config keys meaningful for the type: range for numbers, rows for text, orientation for all. */
export function configForType(type: AttributeType, config: AttributeConfig): AttributeConfig {
  const { min, max, step, unit, rows, inputOrientation, descreteValues } = config
  if (type === 'BOOLEAN') return { descreteValues: true, inputOrientation }
  if (isNumericType(type)) return { descreteValues, unit, min, max, step, inputOrientation }
  return { descreteValues, rows, inputOrientation }
}

/** Applies a change of type, config or options, then drops a control type no longer allowed. */
export function settle(draft: KeyDraft, options: readonly OptionDraft[]) {
  const config = configForType(draft.type, draft.config)
  const nextOptions = draft.type === 'BOOLEAN' ? booleanOptions(options) : tidyOptions(options)
  const count = usesOptions(draft) ? liveOptions(nextOptions).length : 0
  const controlType = keepControlType(draft.controlType, draft.type, config, count)
  return { draft: { ...draft, config, controlType }, options: nextOptions }
}

export const controlTypesFor = (draft: KeyDraft, options: readonly OptionDraft[]) =>
  allowedControlTypes(
    draft.type,
    draft.config,
    usesOptions(draft) ? liveOptions(options).length : 0,
  )

export type DraftErrors = {
  name?: string
  prompt?: string
  controlType?: string
  config?: string
  options: Record<string, { label?: string; value?: string }>
  optionList?: string
}

const isNumberText = (value: string) => value.trim() !== '' && Number.isFinite(Number(value))

/** What is wrong with the draft, beside the fields it concerns (SPEC.md §5 and the server's rules). */
export function draftErrors(draft: KeyDraft, options: readonly OptionDraft[]): DraftErrors {
  const errors: DraftErrors = { options: {} }
  if (draft.name.length > ATTRIBUTE_LIMITS.nameMax)
    errors.name = `Name must be at most ${ATTRIBUTE_LIMITS.nameMax} characters.`
  if (draft.prompt.length > ATTRIBUTE_LIMITS.promptMax)
    errors.prompt = `Prompt must be at most ${ATTRIBUTE_LIMITS.promptMax} characters.`
  errors.config = validateConfig(serializeConfig(draft.config), draft.type)
  if (!draft.controlType) errors.controlType = 'Choose a Control Type.'
  if (!usesOptions(draft)) return errors
  const live = liveOptions(options)
  if (live.length === 0) errors.optionList = 'Add at least one option.'
  const seen = new Set<string>()
  for (const option of live) {
    const wrong: { label?: string; value?: string } = {}
    if (option.label.length > ATTRIBUTE_LIMITS.labelMax)
      wrong.label = `Label must be at most ${ATTRIBUTE_LIMITS.labelMax} characters.`
    if (option.value.trim() === '') wrong.value = 'Required'
    else if (option.value.length > ATTRIBUTE_LIMITS.valueMax)
      wrong.value = `Value must be at most ${ATTRIBUTE_LIMITS.valueMax} characters.`
    else if (option.value.includes(';')) wrong.value = 'Value must not contain ;'
    else if (isNumericType(draft.type) && !isNumberText(option.value))
      wrong.value = 'Must be a number'
    else if (draft.type === 'INTEGER' && !Number.isInteger(Number(option.value)))
      wrong.value = 'Must be a whole number'
    else if (seen.has(option.value)) wrong.value = 'Values must differ'
    seen.add(option.value)
    if (wrong.label || wrong.value) errors.options[option.id] = wrong
  }
  return errors
}

export const hasDraftErrors = (errors: DraftErrors) =>
  !!(errors.name || errors.prompt || errors.controlType || errors.config || errors.optionList) ||
  Object.keys(errors.options).length > 0

const sameKey = (a: KeyDraft, b: KeyDraft) =>
  a.name === b.name &&
  a.prompt === b.prompt &&
  a.type === b.type &&
  a.controlType === b.controlType &&
  a.imagePath === b.imagePath &&
  serializeConfig(a.config) === serializeConfig(b.config)

const sameOption = (a: OptionDraft, b: OptionDraft | undefined) =>
  !!b &&
  a.label === b.label &&
  a.value === b.value &&
  a.imagePath === b.imagePath &&
  a.sortOrder === b.sortOrder &&
  a.deleted === b.deleted

/** Options whose change the server does not have yet, as indexes into `options`. */
export function unsavedOptions(
  draft: KeyDraft,
  options: readonly OptionDraft[],
  saved: Readonly<Record<string, OptionDraft>>,
): number[] {
  if (!usesOptions(draft)) return []
  return options.flatMap((option, index) =>
    (
      isNewId(option.id)
        ? !option.deleted
        : !sameOption(option, saved[option.id]) || option.imageFile
    )
      ? [index]
      : [],
  )
}

/** Whether anything differs from what the server has (Save is off while pristine, SPEC.md §5). */
export function isChanged(
  draft: KeyDraft,
  saved: KeyDraft,
  imageFile: File | null,
  options: readonly OptionDraft[],
  savedOptions: Readonly<Record<string, OptionDraft>>,
) {
  return (
    !sameKey(draft, saved) ||
    imageFile !== null ||
    unsavedOptions(draft, options, savedOptions).length > 0
  )
}

/**
 * The option saves of one Save, in order, and how many of them run before the key: a key that
 * becomes BOOLEAN must lose its other options first (the server refuses the type while they live).
 */
export function savePlan(
  keyId: string | null,
  draft: KeyDraft,
  saved: KeyDraft,
  options: readonly OptionDraft[],
  savedOptions: Readonly<Record<string, OptionDraft>>,
): { queue: number[]; clearFirst: number } {
  const queue = unsavedOptions(draft, options, savedOptions)
  if (!keyId || draft.type !== 'BOOLEAN' || saved.type === 'BOOLEAN')
    return { queue, clearFirst: 0 }
  const removals = queue.filter((index) => options[index]?.deleted)
  return {
    queue: [...removals, ...queue.filter((index) => !removals.includes(index))],
    clearFirst: removals.length,
  }
}

/** The config keys the form offers for this draft (SPEC.md §3, §5). */
export function configurable(draft: KeyDraft): (keyof AttributeConfig)[] {
  const keys: (keyof AttributeConfig)[] = []
  if (draft.type !== 'BOOLEAN') keys.push('descreteValues')
  if (isNumericType(draft.type)) keys.push('min', 'max', 'step', 'unit')
  if (draft.type === 'STRING' && draft.controlType === 'INPUT') keys.push('rows')
  if (draft.controlType === 'RADIO') keys.push('inputOrientation')
  return keys
}

/** Whether the option list can be edited: discrete, and not BOOLEAN's fixed True/False. */
export const canEditOptions = (draft: KeyDraft) =>
  draft.type !== 'BOOLEAN' && draft.config.descreteValues === true

/** Add Option: a new option (NewId_) at the end of the list. */
export const withNewOption = (options: readonly OptionDraft[]): OptionDraft[] => [
  ...options,
  {
    id: newOptionId(),
    label: '',
    value: '',
    imagePath: null,
    sortOrder: liveOptions(options).length,
    deleted: false,
    imageFile: null,
  },
]

/** Delete on an option: a saved one is marked deleted (and keeps no chosen image), a new one dropped. */
export const withoutOption = (options: readonly OptionDraft[], id: string): OptionDraft[] =>
  options.flatMap((o) =>
    o.id !== id ? [o] : isNewId(o.id) ? [] : [{ ...o, deleted: true, imageFile: null }],
  )

/** An option dragged, or moved by its buttons, from one place among the live ones to another. */
export function withOptionMoved(options: readonly OptionDraft[], from: number, to: number) {
  const live = moveItem(liveOptions(options), from, to)
  return [...live, ...options.filter((o) => o.deleted)].map((o, index) =>
    o.deleted ? o : { ...o, sortOrder: index },
  )
}

/** The options with one changed. */
export const withOption = (
  options: readonly OptionDraft[],
  id: string,
  change: Partial<OptionDraft>,
): OptionDraft[] => options.map((o) => (o.id === id ? { ...o, ...change } : o))

/** Whether `from` → `to` moves a live option to another live place, in a list that may be edited. */
export const isOptionMove = (
  draft: KeyDraft,
  options: readonly OptionDraft[],
  from: number,
  to: number,
) => {
  const count = liveOptions(options).length
  return canEditOptions(draft) && from !== to && [from, to].every((i) => i >= 0 && i < count)
}

/** The live, editable option `id` when `has` says yes of it (no filter: any). */
export const isEditable = (
  draft: KeyDraft,
  options: readonly OptionDraft[],
  id: string,
  has: (option: OptionDraft) => boolean = () => true,
) => canEditOptions(draft) && liveOptions(options).some((o) => o.id === id && has(o))

/** Whether an option has an image, chosen or stored. */
export const hasImage = (option: { imageFile: File | null; imagePath: string | null }) =>
  !!option.imageFile || !!option.imagePath
