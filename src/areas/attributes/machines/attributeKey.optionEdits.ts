import { isNewId, moveItem } from '../../../../schema/attribute-rules'
import {
  canEditOptions,
  liveOptions,
  newOptionId,
  type KeyDraft,
  type OptionDraft,
} from './attributeKey.shape'

/*
 * The option list's edits in the AttributeKey dialog (add, change, delete, move) and the guards
 * that say which of them the draft allows.
 */

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
