import {
  BOOLEAN_OPTIONS,
  generatedOptions,
  isNumericType,
  type AttributeConfig,
} from '../../../../../schema/attribute-rules'
import type { AttributeType } from '../../../../../schema/attributes'
import type { KeyOption } from '../../machines/attributeKey.draft'

/** An answer the preview offers: a live option, a boolean value or a generated number. */
export type Choice = { key: string; label: string; value: string; imagePath: string | null }

/**
 * What a key offers (SPEC.md §2, §5): its live options in sortOrder (deleted ones ignored); a
 * BOOLEAN key without options its True/False; a numeric freeform key the list generated from min,
 * max and step (only when all three are set and non-zero).
 */
export function choicesOf(
  type: AttributeType,
  config: AttributeConfig,
  options: readonly KeyOption[],
): Choice[] {
  const live = options
    .filter((option) => !option.deleted)
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((option) => ({
      key: option.id,
      label: option.label,
      value: option.value,
      imagePath: option.imagePath,
    }))
  if (type === 'BOOLEAN' && live.length === 0)
    return BOOLEAN_OPTIONS.map((option) => ({ ...option, key: option.value, imagePath: null }))
  if (isNumericType(type) && !config.descreteValues)
    return generatedOptions(config).map((option) => ({
      ...option,
      key: option.value,
      imagePath: null,
    }))
  return live
}
