import {
  ATTRIBUTE_LIMITS,
  isNumericType,
  serializeConfig,
  validateConfig,
} from '../../../../schema/attribute-rules'
import { liveOptions, usesOptions, type KeyDraft, type OptionDraft } from './attributeKey.shape'

/*
 * What is wrong with an AttributeKey draft, field by field, as the dialog shows it beside each
 * field and as its Save guard asks (SPEC.md §5 and the server's rules).
 */

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
