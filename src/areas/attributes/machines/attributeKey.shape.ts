import {
  NEW_ID_PREFIX,
  parseConfig,
  type AttributeConfig,
} from '../../../../schema/attribute-rules'
import type {
  AttributeKey,
  AttributeKeyOption,
  AttributeType,
  ControlType,
} from '../../../../schema/attributes'

/*
 * The AttributeKey dialog's draft: the key and its options as the dialog edits them, made from
 * the cached rows, with the plain questions every other draft module asks of them.
 */

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

/** Whether the option list can be edited: discrete, and not BOOLEAN's fixed True/False. */
export const canEditOptions = (draft: KeyDraft) =>
  draft.type !== 'BOOLEAN' && draft.config.descreteValues === true

/** Whether an option has an image, chosen or stored. */
export const hasImage = (option: { imageFile: File | null; imagePath: string | null }) =>
  !!option.imageFile || !!option.imagePath
