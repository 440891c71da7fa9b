import { assign, sendTo, setup } from 'xstate'
import type { AttributeConfig } from '../../../../schema/attribute-rules'
import type { AttributeType, ControlType } from '../../../../schema/attributes'
import { loadKey } from './attributeKey.actors'
import { isChanged } from './attributeKey.changes'
import { configurable, controlTypesFor, settle } from './attributeKey.draft'
import { isEditable, isOptionMove } from './attributeKey.optionEdits'
import {
  canEditOptions,
  hasImage,
  liveOptions,
  type KeyDraft,
  type OptionDraft,
} from './attributeKey.shape'
import { draftErrors, hasDraftErrors } from './attributeKey.validation'
import {
  attributeKeySaveMachine,
  type KeySaveOutput,
  type KeyWork,
  type SaveFailure,
} from './attributeKeySave.machine'
import type { TreeRef } from './attributeTree.types'

/*
 * The AttributeKey dialog's context, events and input, and its named effects, guards and actions
 * (attributeKey.machine.ts draws the chart; its `editing` state lives in attributeKey.editing.ts).
 */

export type AttributeKeyContext = KeyWork & {
  failure: SaveFailure | null
  /** A refused drop (SPEC.md §8 'File-drop errors'). */
  dropError: string | null
  /** The tree that opened the dialog: it hears the saved key's id, or that the dialog closed. */
  tree: TreeRef
}

export type AttributeKeyEvent =
  | { type: 'key.edit'; field: 'name' | 'prompt'; value: string }
  | { type: 'key.changeType'; value: AttributeType }
  | { type: 'key.chooseControlType'; value: ControlType }
  | { type: 'key.configure'; changes: AttributeConfig }
  | { type: 'key.chooseImage'; file: File }
  | { type: 'key.imageRejected'; message: string }
  | { type: 'key.removeImage' }
  | { type: 'option.add' }
  | { type: 'option.edit'; id: string; field: 'label' | 'value'; value: string }
  | { type: 'option.remove'; id: string }
  | { type: 'option.move'; from: number; to: number }
  | { type: 'option.chooseImage'; id: string; file: File }
  | { type: 'option.removeImage'; id: string }
  | { type: 'key.save' }
  | { type: 'key.close' }

export type AttributeKeyInput = { keyId: string | null; tree: TreeRef }

export type Ctx = AttributeKeyContext

/** The draft after a change, with SPEC.md §4's consequences applied (renumbering, control type). */
export const settled = (context: Ctx, draft: KeyDraft, options: OptionDraft[] = context.options) =>
  settle(draft, options)

/** The work a Save hands to the save sequence. */
export const work = ({ keyId, draft, saved, imageFile, options, savedOptions }: Ctx): KeyWork => ({
  keyId,
  draft,
  saved,
  imageFile,
  options,
  savedOptions,
})

export const attributeKeySetup = setup({
  types: {
    context: {} as Ctx,
    events: {} as AttributeKeyEvent,
    input: {} as AttributeKeyInput,
  },
  actors: { loadKey, save: attributeKeySaveMachine },
  guards: {
    isFound: (_, found: boolean) => found,
    canSave: ({ context: c }) =>
      isChanged(c.draft, c.saved, c.imageFile, c.options, c.savedOptions) &&
      !hasDraftErrors(draftErrors(c.draft, c.options)),
    isOtherType: ({ context }, type: AttributeType) => context.draft.type !== type,
    isAllowedControlType: ({ context }, controlType: ControlType) =>
      controlTypesFor(context.draft, context.options).includes(controlType),
    isConfigurable: ({ context }, changes: AttributeConfig) => {
      const offered = configurable(context.draft)
      return Object.keys(changes).every((key) => offered.includes(key as keyof AttributeConfig))
    },
    hasNoKeyImage: ({ context: c }) => !hasImage({ ...c, imagePath: c.draft.imagePath }),
    hasKeyImage: ({ context: c }) => hasImage({ ...c, imagePath: c.draft.imagePath }),
    canDropSomewhere: ({ context: c }) =>
      !hasImage({ ...c, imagePath: c.draft.imagePath }) ||
      (canEditOptions(c.draft) && liveOptions(c.options).some((o) => !hasImage(o))),
    canEditOptions: ({ context }) => canEditOptions(context.draft),
    isEditableOption: ({ context }, id: string) => isEditable(context.draft, context.options, id),
    optionHasNoImage: ({ context }, id: string) =>
      isEditable(context.draft, context.options, id, (o) => !hasImage(o)),
    optionHasImage: ({ context }, id: string) =>
      isEditable(context.draft, context.options, id, hasImage),
    isMove: ({ context }, move: { from: number; to: number }) =>
      isOptionMove(context.draft, context.options, move.from, move.to),
    hasFailed: (_, output: KeySaveOutput) => output.failure !== null,
  },
  actions: {
    /** What the save stored (real ids, paths), and the failed step if one failed. */
    keepSaveRun: assign((_, output: KeySaveOutput) => output),
    tellTreeSaved: sendTo(
      ({ context }) => context.tree,
      ({ context }) => ({ type: 'tree.keySaved' as const, keyId: context.keyId ?? '' }),
    ),
    tellTreeClosed: sendTo(({ context }) => context.tree, { type: 'tree.closeDialog' as const }),
  },
})
