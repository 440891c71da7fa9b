import { assign } from 'xstate'
import {
  withNewOption,
  withOption,
  withOptionMoved,
  withoutOption,
} from './attributeKey.optionEdits'
import { attributeKeySetup, settled } from './attributeKey.setup'

/**
 * The AttributeKey dialog's `editing` state: the form's changes to the key, its image and its
 * options, each guarded by what SPEC.md §4 and §5 allow for the draft; Save and Close leave it.
 */
export const editing = attributeKeySetup.createStateConfig({
  meta: { spec: ['§2.12', '§4.17', '§5.21', '§5.22', '§5.23'] },
  description: 'The form and its live demo; a failed save shows which step failed.',
  on: {
    'key.edit': {
      description: 'Name or Prompt was typed.',
      actions: assign({
        draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
      }),
    },
    'key.changeType': {
      meta: { spec: ['§4.17.2', '§4.17.3', '§5.22'] },
      guard: { type: 'isOtherType', params: ({ event }) => event.value },
      description: 'Another Type was chosen; a control type it does not allow is cleared.',
      actions: assign(({ context, event }) =>
        settled(context, { ...context.draft, type: event.value }),
      ),
    },
    'key.chooseControlType': {
      meta: { spec: ['§5.22.1', '§5.22.2', '§5.22.3', '§5.22.4', '§5.22.5'] },
      guard: { type: 'isAllowedControlType', params: ({ event }) => event.value },
      description: 'A Control Type was chosen from those allowed.',
      actions: assign({
        draft: ({ context, event }) => ({ ...context.draft, controlType: event.value }),
      }),
    },
    'key.configure': {
      meta: { spec: ['§4.17.4', '§5.23.1', '§5.23.2'] },
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
      meta: { spec: ['§5.20', '§5.23.5'] },
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
      meta: { spec: ['§4.17.4'] },
      guard: 'canEditOptions',
      description:
        'Add Option was pressed: a new, empty option was added at the end of the list.',
      actions: assign(({ context }) =>
        settled(context, context.draft, withNewOption(context.options)),
      ),
    },
    'option.edit': {
      meta: { spec: ['§4.17.4'] },
      guard: { type: 'isEditableOption', params: ({ event }) => event.id },
      description: "An option's Label or Value was typed.",
      actions: assign({
        options: ({ context, event }) =>
          withOption(context.options, event.id, { [event.field]: event.value }),
      }),
    },
    'option.remove': {
      meta: { spec: ['§4.17.4'] },
      guard: { type: 'isEditableOption', params: ({ event }) => event.id },
      description:
        'Delete was pressed on an option: a saved one is marked deleted, a new one dropped.',
      actions: assign(({ context, event }) =>
        settled(context, context.draft, withoutOption(context.options, event.id)),
      ),
    },
    'option.move': {
      meta: { spec: ['§4.17.4'] },
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
      meta: { spec: ['§4.17.5'] },
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
})
