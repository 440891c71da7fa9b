import {
  BOOLEAN_OPTIONS,
  allowedControlTypes,
  isNewId,
  isNumericType,
  keepControlType,
  renumber,
  type AttributeConfig,
} from '../../../../schema/attribute-rules'
import type { AttributeType } from '../../../../schema/attributes'
import {
  liveOptions,
  newOptionId,
  usesOptions,
  type KeyDraft,
  type OptionDraft,
} from './attributeKey.shape'

/*
 * SPEC.md §4's consequences of a change to the AttributeKey draft: options renumbered, BOOLEAN's
 * fixed True/False, config kept to what the type means, a control type no longer allowed dropped.
 * The draft's other concerns live beside it and are re-exported here, where the views and tests
 * have always found them: its shape (attributeKey.shape.ts), its errors (.validation.ts), what
 * differs from the server (.changes.ts) and the option list's edits (.optionEdits.ts).
 */

export {
  canEditOptions,
  draftOfKey,
  draftOfOption,
  hasImage,
  liveOptions,
  newKeyDraft,
  newOptionId,
  usesOptions,
  type KeyDraft,
  type KeyOption,
  type OptionDraft,
} from './attributeKey.shape'
export { draftErrors, hasDraftErrors, type DraftErrors } from './attributeKey.validation'
export { isChanged, savePlan, unsavedOptions } from './attributeKey.changes'
export {
  isEditable,
  isOptionMove,
  withNewOption,
  withOption,
  withOptionMoved,
  withoutOption,
} from './attributeKey.optionEdits'

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

/** The config keys the form offers for this draft (SPEC.md §3, §5). */
export function configurable(draft: KeyDraft): (keyof AttributeConfig)[] {
  const keys: (keyof AttributeConfig)[] = []
  if (draft.type !== 'BOOLEAN') keys.push('descreteValues')
  if (isNumericType(draft.type)) keys.push('min', 'max', 'step', 'unit')
  if (draft.type === 'STRING' && draft.controlType === 'INPUT') keys.push('rows')
  if (draft.controlType === 'RADIO') keys.push('inputOrientation')
  return keys
}
