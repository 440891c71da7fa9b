import type { EventFromLogic } from 'xstate'
import { isNewId } from '../../../../schema/attribute-rules'
import type { AttributeKey, AttributeKeyOption } from '../../../../schema/attributes'
import { ApiError } from '../../../data/api/ApiError'
import {
  draftOfKey,
  draftOfOption,
  newKeyDraft,
  type OptionDraft,
} from '../machines/attributeKey.draft'
import {
  attributeKeySaveMachine,
  type AttributeKeySaveSnapshot,
  type KeyWork,
} from '../machines/attributeKeySave.machine'
import { green, paint, red, swatch } from './attributes.fixtures'
import { definePaths, type ModelPath } from '../../../flows/model'

const refused = (message: string) => new ApiError(422, 1001, message)
const newOption = (n: number, label: string, value: string, changes: Partial<OptionDraft> = {}) =>
  ({
    id: `NewId_test_${n}`,
    label,
    value,
    imagePath: null,
    sortOrder: n,
    deleted: false,
    imageFile: null,
    ...changes,
  }) satisfies OptionDraft

const saved = { red: draftOfOption(red), green: draftOfOption(green) }
const savedOptions = { [red.id]: saved.red, [green.id]: saved.green }

/** The saves SPEC.md §4's sequence is run for, so that together they take every way through it. */
export const SCENARIOS: Record<string, KeyWork> = {
  // Paint becomes BOOLEAN: Red and Green go first, then the key and its image, then True (with an
  // image) and False.
  'a key that becomes BOOLEAN, with images': {
    keyId: paint.id,
    saved: draftOfKey(paint),
    draft: { ...draftOfKey(paint), type: 'BOOLEAN', config: { descreteValues: true } },
    imageFile: swatch,
    options: [
      { ...saved.red, deleted: true },
      { ...saved.green, deleted: true },
      newOption(0, 'True', 'true', { imageFile: swatch }),
      newOption(1, 'False', 'false'),
    ],
    savedOptions,
  },
  // A new key with two options, the second with an image.
  'a new key with options': {
    keyId: null,
    saved: newKeyDraft(),
    draft: {
      ...newKeyDraft(),
      name: 'Finish',
      controlType: 'SELECT',
      config: { descreteValues: true },
    },
    imageFile: null,
    options: [
      newOption(0, 'Matte', 'matte'),
      newOption(1, 'Satin', 'satin', { imageFile: swatch }),
    ],
    savedOptions: {},
  },
  // Paint renamed, with a new image: no option changed.
  'a renamed key with an image': {
    keyId: paint.id,
    saved: draftOfKey(paint),
    draft: { ...draftOfKey(paint), name: 'Paint colour' },
    imageFile: swatch,
    options: [saved.red, saved.green],
    savedOptions,
  },
  'a renamed key': {
    keyId: paint.id,
    saved: draftOfKey(paint),
    draft: { ...draftOfKey(paint), name: 'Paint colour' },
    imageFile: null,
    options: [saved.red, saved.green],
    savedOptions,
  },
}

/** The option being saved (the head of the queue). */
export const current = (s: AttributeKeySaveSnapshot) => s.context.options[s.context.queue[0] ?? -1]

/** The server's answer to the option being saved: its row, with a real id for a new one. */
function optionRow(s: AttributeKeySaveSnapshot): AttributeKeyOption {
  const index = s.context.queue[0] ?? 0
  const option = current(s)
  if (!option) return red
  return {
    ...red,
    id: isNewId(option.id)
      ? `0193a1b2-0000-7000-9000-${String(index).padStart(12, '0')}`
      : option.id,
    label: option.label,
    value: option.value,
    imagePath: option.imagePath,
    sortOrder: option.sortOrder,
    deleted: option.deleted,
  }
}

/** The server's answer to a key save: the key as sent, with its id (a new one for a new key). */
const keyRow = (s: AttributeKeySaveSnapshot): AttributeKey => ({
  ...paint,
  id: s.context.keyId ?? '0193a1b2-0000-7000-9000-0000000000aa',
  name: s.context.draft.name,
  type: s.context.draft.type,
  controlType: s.context.draft.controlType,
  imagePath: s.context.draft.imagePath,
})

const events = (s: AttributeKeySaveSnapshot) =>
  [
    {
      type: 'xstate.done.actor.clearOption',
      output: s.context.clearFirst > 0 ? optionRow(s) : null,
    },
    {
      type: 'xstate.error.actor.clearOption',
      error: refused('The option is used by a condition.'),
    },
    { type: 'xstate.done.actor.saveKey', output: keyRow(s) },
    // The form lets no invalid name through: what a person meets is a permission taken away.
    {
      type: 'xstate.error.actor.saveKey',
      error: new ApiError(403, 403, 'You are not allowed to do this.'),
    },
    { type: 'xstate.done.actor.uploadKeyImage', output: 'attributes/key-swatch' },
    {
      type: 'xstate.error.actor.uploadKeyImage',
      error: new ApiError(415, 1001, 'The image must be PNG, JPEG, WebP or GIF.'),
    },
    { type: 'xstate.done.actor.saveKeyImagePath', output: keyRow(s) },
    { type: 'xstate.error.actor.saveKeyImagePath', error: refused('Image: no such image.') },
    { type: 'xstate.done.actor.saveOption', output: optionRow(s) },
    // The form refuses a ';' in Value itself; the server is what may fail here.
    {
      type: 'xstate.error.actor.saveOption',
      error: new ApiError(0, 1000, 'The server could not be reached.', true),
    },
    { type: 'xstate.done.actor.uploadOptionImage', output: 'attributes/option-swatch' },
    {
      type: 'xstate.error.actor.uploadOptionImage',
      error: new ApiError(413, 1001, 'The image is larger than 5 MB.'),
    },
    { type: 'xstate.done.actor.saveOptionImagePath', output: optionRow(s) },
    { type: 'xstate.error.actor.saveOptionImagePath', error: refused('Image: no such image.') },
  ] as unknown as EventFromLogic<typeof attributeKeySaveMachine>[]

/** With nothing to delete the first step makes no call, so it cannot fail: no path has it fail. */
const possible = (path: ModelPath<typeof attributeKeySaveMachine>) =>
  !path.steps.some(
    (step, index) =>
      step.event.type === 'xstate.error.actor.clearOption' &&
      (path.steps[index - 1]?.state.context.clearFirst ?? 0) === 0,
  )

/** The model of one save: each scenario takes its own way through the sequence. */
export const saveModel = (name: string, input: KeyWork) =>
  definePaths({
    name: `Saving ${name}`,
    machine: attributeKeySaveMachine,
    input,
    events,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.queue,
        s.context.clearFirst,
        s.context.keyId,
        s.context.imageFile !== null,
        s.context.failure?.step ?? null,
      ]),
    select: (paths) => paths.filter(possible),
  })

export const models = Object.entries(SCENARIOS).map(([name, input]) => saveModel(name, input))
