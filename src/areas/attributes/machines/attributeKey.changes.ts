import { isNewId, serializeConfig } from '../../../../schema/attribute-rules'
import { usesOptions, type KeyDraft, type OptionDraft } from './attributeKey.shape'

/*
 * What an AttributeKey draft has that the server does not: whether Save is on (SPEC.md §5), and
 * the option saves of one Save in the order the save sequence runs them.
 */

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
