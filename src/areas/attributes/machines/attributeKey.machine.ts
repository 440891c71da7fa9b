import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AttributeConfig } from '../../../../schema/attribute-rules'
import type { AttributeType, ControlType } from '../../../../schema/attributes'
import { loadKey } from './attributeKey.actors'
import {
  canEditOptions,
  configurable,
  controlTypesFor,
  draftErrors,
  draftOfKey,
  draftOfOption,
  hasDraftErrors,
  hasImage,
  isChanged,
  isEditable,
  isOptionMove,
  liveOptions,
  newKeyDraft,
  settle,
  withNewOption,
  withOption,
  withOptionMoved,
  withoutOption,
  type KeyDraft,
  type OptionDraft,
} from './attributeKey.draft'
import {
  attributeKeySaveMachine,
  type KeySaveOutput,
  type KeyWork,
  type SaveFailure,
} from './attributeKeySave.machine'
import type { TreeRef } from './attributeTree.types'

export type { SaveFailure } from './attributeKeySave.machine'

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

type Ctx = AttributeKeyContext

/** The draft after a change, with SPEC.md §4's consequences applied (renumbering, control type). */
const settled = (context: Ctx, draft: KeyDraft, options: OptionDraft[] = context.options) =>
  settle(draft, options)

/** The work a Save hands to the save sequence. */
const work = ({ keyId, draft, saved, imageFile, options, savedOptions }: Ctx): KeyWork => ({
  keyId,
  draft,
  saved,
  imageFile,
  options,
  savedOptions,
})

/**
 * The AttributeKey dialog (SPEC.md §2, §4, §5): edits a key (name, type, prompt, image, control
 * type, config) and its options; Save runs the save sequence (attributeKeySave.machine.ts) as a
 * child. A failed step keeps the dialog and the input and says which step failed; Save retries
 * from what the server has. Saved, it tells the tree the key's id; closed, that it closed.
 */
export const attributeKeyMachine = setup({
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
}).createMachine({
  id: 'attributeKey',
  description: 'Edits one AttributeKey with its options and images, and saves them.',
  context: ({ input }) => ({
    keyId: input.keyId,
    draft: newKeyDraft(),
    saved: newKeyDraft(),
    imageFile: null,
    options: [],
    savedOptions: {},
    failure: null,
    dropError: null,
    tree: input.tree,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The dialog reads “Loading…” while the key and its live options are read from the cache ' +
        '(nothing for a new key).',
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadKey',
        src: 'loadKey',
        input: ({ context }) => ({ keyId: context.keyId }),
        onDone: [
          {
            guard: {
              type: 'isFound',
              params: ({ context, event }) => !context.keyId || !!event.output.key,
            },
            target: 'editing',
            description:
              'The cache had the key and its options (or the key is new): the form shows.',
            actions: assign(({ event }) => {
              const key = event.output.key
              if (!key) return {}
              const saved = event.output.options.map(draftOfOption)
              return {
                ...settle(draftOfKey(key), saved),
                saved: draftOfKey(key),
                savedOptions: Object.fromEntries(saved.map((o) => [o.id, o])),
              }
            }),
          },
          { target: 'missing', description: 'The cache had no such key.' },
        ],
        onError: { target: 'missing', description: 'Reading the cache failed.' },
      },
    },
    missing: {
      description: 'The cache has no such key; the dialog says so and offers Close.',
      tags: ['error', 'missing'],
      on: { 'key.close': { target: 'closed', description: 'Close was pressed.' } },
    },
    editing: {
      description: 'The form and its live demo; a failed save shows which step failed.',
      on: {
        'key.edit': {
          description: 'Name or Prompt was typed.',
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
          }),
        },
        'key.changeType': {
          guard: { type: 'isOtherType', params: ({ event }) => event.value },
          description: 'Another Type was chosen; a control type it does not allow is cleared.',
          actions: assign(({ context, event }) =>
            settled(context, { ...context.draft, type: event.value }),
          ),
        },
        'key.chooseControlType': {
          guard: { type: 'isAllowedControlType', params: ({ event }) => event.value },
          description: 'A Control Type was chosen from those allowed.',
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, controlType: event.value }),
          }),
        },
        'key.configure': {
          guard: { type: 'isConfigurable', params: ({ event }) => event.changes },
          description:
            'A config field changed (Freeform/Discrete Values, Min, Max, Step, Unit, Rows, orientation).',
          actions: assign(({ context, event }) =>
            settled(context, {
              ...context.draft,
              config: { ...context.draft.config, ...event.changes },
            }),
          ),
        },
        'key.chooseImage': {
          guard: 'hasNoKeyImage',
          description: 'One image file was dropped or chosen for the key.',
          actions: assign({ imageFile: ({ event }) => event.file, dropError: null }),
        },
        'key.imageRejected': {
          guard: 'canDropSomewhere',
          description: 'The drop zone refused what was dropped (not one image file).',
          actions: assign({ dropError: ({ event }) => event.message }),
        },
        'key.removeImage': {
          guard: 'hasKeyImage',
          description: 'Remove was pressed on the key image.',
          actions: assign({
            imageFile: null,
            dropError: null,
            draft: ({ context }) => ({ ...context.draft, imagePath: null }),
          }),
        },
        'option.add': {
          guard: 'canEditOptions',
          description:
            'Add Option was pressed: a new option (NewId_) was added at the end of the list.',
          actions: assign(({ context }) =>
            settled(context, context.draft, withNewOption(context.options)),
          ),
        },
        'option.edit': {
          guard: { type: 'isEditableOption', params: ({ event }) => event.id },
          description: "An option's Label or Value was typed.",
          actions: assign({
            options: ({ context, event }) =>
              withOption(context.options, event.id, { [event.field]: event.value }),
          }),
        },
        'option.remove': {
          guard: { type: 'isEditableOption', params: ({ event }) => event.id },
          description:
            'Delete was pressed on an option: a saved one is marked deleted, a new one dropped.',
          actions: assign(({ context, event }) =>
            settled(context, context.draft, withoutOption(context.options, event.id)),
          ),
        },
        'option.move': {
          guard: { type: 'isMove', params: ({ event }) => event },
          description: 'An option was dragged, or moved up or down by its buttons.',
          actions: assign(({ context, event }) =>
            settled(context, context.draft, withOptionMoved(context.options, event.from, event.to)),
          ),
        },
        'option.chooseImage': {
          guard: { type: 'optionHasNoImage', params: ({ event }) => event.id },
          description: 'One image file was dropped or chosen for an option.',
          actions: assign({
            options: ({ context, event }) =>
              withOption(context.options, event.id, { imageFile: event.file }),
          }),
        },
        'option.removeImage': {
          guard: { type: 'optionHasImage', params: ({ event }) => event.id },
          description: "Remove was pressed on an option's image.",
          actions: assign({
            options: ({ context, event }) =>
              withOption(context.options, event.id, { imageFile: null, imagePath: null }),
          }),
        },
        'key.save': {
          guard: 'canSave',
          target: 'saving',
          description: 'Save was pressed with something changed and nothing invalid.',
          actions: assign({ failure: null }),
        },
        'key.close': {
          target: 'closed',
          description: 'Close was pressed (or Escape, or a click outside the dialog).',
        },
      },
    },
    saving: {
      description:
        "SPEC.md §4's save sequence runs (attributeKeySave); Save and Close are off until it ends.",
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => work(context),
        onDone: [
          {
            guard: { type: 'hasFailed', params: ({ event }) => event.output },
            target: 'editing',
            description: 'A step of the save failed: the input stays, and the failed step shows.',
            actions: { type: 'keepSaveRun', params: ({ event }) => event.output },
          },
          {
            target: 'saved',
            description: 'The save stored everything.',
            actions: { type: 'keepSaveRun', params: ({ event }) => event.output },
          },
        ],
      },
    },
    saved: {
      description: 'Everything is stored; the tree hears the id and the dialog closes.',
      type: 'final',
      entry: 'tellTreeSaved',
    },
    closed: {
      description: 'Closed without saving (what was saved before a failure stays saved).',
      type: 'final',
      entry: 'tellTreeClosed',
    },
  },
})

export type AttributeKeyActor = ActorRefFrom<typeof attributeKeyMachine>
export type AttributeKeySnapshot = SnapshotFrom<typeof attributeKeyMachine>
