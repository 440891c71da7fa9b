import { and, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { isNewId, moveItem, type AttributeConfig } from '../../schema/attribute-rules'
import type {
  AttributeKey,
  AttributeKeyOption,
  AttributeType,
  ControlType,
} from '../../schema/attributes'
import {
  loadKey,
  saveKey,
  saveKeyImagePath,
  saveOption,
  saveOptionImagePath,
  uploadImage,
} from './attributeKey.actors'
import {
  draftErrors,
  draftOfKey,
  draftOfOption,
  hasDraftErrors,
  isChanged,
  liveOptions,
  newKeyDraft,
  newOptionId,
  canEditOptions,
  configurable,
  controlTypesFor,
  savePlan,
  settle,
  type KeyDraft,
  type OptionDraft,
} from './attributeKey.draft'
import { serverMessage } from './profile.messages'

/** Which step of the save sequence failed, in words, with the server's message. */
export type SaveFailure = { step: string; message: string }

export type AttributeKeyContext = {
  /** The key's real id: the one edited, or the one the first save created (kept for a retry). */
  keyId: string | null
  draft: KeyDraft
  /** The key as the server has it (a new key: the defaults), to tell a change from none. */
  saved: KeyDraft
  /** A chosen key image, not uploaded yet. */
  imageFile: File | null
  options: OptionDraft[]
  /** Options as the server has them, by (real) id. */
  savedOptions: Record<string, OptionDraft>
  /** Indexes into `options` still to save in this run; the first is the one being saved. */
  queue: number[]
  /** How many of `queue` are removals that must reach the server before the key does. */
  clearFirst: number
  failure: SaveFailure | null
  /** A refused drop (SPEC.md §8 'File-drop errors'). */
  dropError: string | null
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

export type AttributeKeyInput = { keyId: string | null }

type Ctx = AttributeKeyContext
const current = (context: Ctx) => context.options[context.queue[0] ?? -1] as OptionDraft
const optionName = (option: OptionDraft) => `option "${option.label || option.value || 'untitled'}"`

/** The draft after a change, with SPEC.md §4's consequences applied (renumbering, control type). */
const settled = (context: Ctx, draft: KeyDraft, options: OptionDraft[] = context.options) =>
  settle(draft, options)

const failedAt =
  (step: (context: Ctx) => string) =>
  ({ context, event }: { context: Ctx; event: object }) => ({
    failure: {
      step: step(context),
      message: serverMessage('error' in event ? event.error : undefined),
    },
  })

/** Replaces the option being saved with what the server answered (its real id, once created). */
const storeOption = (context: Ctx, row: AttributeKeyOption): Partial<Ctx> => {
  const index = context.queue[0] ?? -1
  const before = context.options[index]
  if (!before) return {}
  // The server's id (a new option's first), with what was sent: the answer echoes it.
  const option: OptionDraft = {
    ...before,
    id: row.id,
    imagePath: row.imagePath,
    deleted: row.deleted,
  }
  const options = context.options.map((o, i) => (i === index ? option : o))
  return {
    options,
    savedOptions: { ...context.savedOptions, [row.id]: { ...option, imageFile: null } },
  }
}

/**
 * The AttributeKey dialog (SPEC.md §2, §4, §5): edits a key (name, type, prompt, image, control
 * type, config) and its options, then saves in SPEC.md §4's order: the key, its new image and that
 * image's path, then every changed option (created when its id is NewId_, updated otherwise) with
 * its image. A failed step keeps the dialog and the input and says which step failed; Save retries
 * from what the server has, so nothing already created is created twice.
 */
export const attributeKeyMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as AttributeKeyEvent,
    input: {} as AttributeKeyInput,
  },
  actors: { loadKey, saveKey, uploadImage, saveKeyImagePath, saveOption, saveOptionImagePath },
  guards: {
    isFound: (_, found: boolean) => found,
    canSave: ({ context: c }) =>
      isChanged(c.draft, c.saved, c.imageFile, c.options, c.savedOptions) &&
      !hasDraftErrors(draftErrors(c.draft, c.options)),
    hasKeyImageFile: ({ context }) => context.imageFile !== null,
    hasOptionsToSave: ({ context }) => context.queue.length > 0,
    optionHasImageFile: ({ context }) => current(context).imageFile !== null,
    hasMoreOptions: ({ context }) => context.queue.length > 1,
    isOtherType: ({ context }, type: AttributeType) => context.draft.type !== type,
    isAllowedControlType: ({ context }, controlType: ControlType) =>
      controlTypesFor(context.draft, context.options).includes(controlType),
    isConfigurable: ({ context }, changes: AttributeConfig) => {
      const offered = configurable(context.draft)
      return Object.keys(changes).every((key) => offered.includes(key as keyof AttributeConfig))
    },
    hasNoKeyImage: ({ context }) => !context.imageFile && !context.draft.imagePath,
    hasKeyImage: ({ context }) => !!context.imageFile || !!context.draft.imagePath,
    canDropSomewhere: ({ context }) =>
      (!context.imageFile && !context.draft.imagePath) ||
      (canEditOptions(context.draft) &&
        liveOptions(context.options).some((o) => !o.imageFile && !o.imagePath)),
    canEditOptions: ({ context }) => canEditOptions(context.draft),
    isEditableOption: ({ context }, id: string) =>
      canEditOptions(context.draft) && liveOptions(context.options).some((o) => o.id === id),
    optionHasNoImage: ({ context }, id: string) =>
      canEditOptions(context.draft) &&
      liveOptions(context.options).some((o) => o.id === id && !o.imageFile && !o.imagePath),
    optionHasImage: ({ context }, id: string) =>
      canEditOptions(context.draft) &&
      liveOptions(context.options).some((o) => o.id === id && (!!o.imageFile || !!o.imagePath)),
    isMove: ({ context }, move: { from: number; to: number }) => {
      const count = liveOptions(context.options).length
      return (
        canEditOptions(context.draft) &&
        move.from !== move.to &&
        [move.from, move.to].every((i) => i >= 0 && i < count)
      )
    },
    needsClearing: ({ context: c }) =>
      savePlan(c.keyId, c.draft, c.saved, c.options, c.savedOptions).clearFirst > 0,
    hasMoreToClear: ({ context }) => context.clearFirst > 1,
  },
  actions: {
    planSave: assign(({ context: c }) => ({
      failure: null,
      ...savePlan(c.keyId, c.draft, c.saved, c.options, c.savedOptions),
    })),
    nextOption: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** The server's answer for the option being saved, kept in the draft list. */
    keepOption: assign(({ context }, row: AttributeKeyOption) => storeOption(context, row)),
    countCleared: assign({ clearFirst: ({ context }) => context.clearFirst - 1 }),
    keepKey: assign(({ context }, row: AttributeKey) => ({
      keyId: row.id,
      draft: { ...context.draft, imagePath: row.imagePath },
      saved: { ...context.draft, imagePath: row.imagePath },
    })),
  },
}).createMachine({
  id: 'attributeKey',
  description: 'Edits and saves one AttributeKey with its options and images.',
  context: ({ input }) => ({
    keyId: input.keyId,
    draft: newKeyDraft(),
    saved: newKeyDraft(),
    imageFile: null,
    options: [],
    savedOptions: {},
    queue: [],
    clearFirst: 0,
    failure: null,
    dropError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the key and its live options from the cache (nothing for a new key).',
      tags: ['busy'],
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
            actions: assign(({ event }) => {
              const key = event.output.key
              if (!key) return {}
              const { draft, options } = settle(
                draftOfKey(key),
                event.output.options.map(draftOfOption),
              )
              const saved = event.output.options.map(draftOfOption)
              return {
                draft,
                saved: draftOfKey(key),
                options,
                savedOptions: Object.fromEntries(saved.map((o) => [o.id, o])),
              }
            }),
          },
          { target: 'missing' },
        ],
        onError: { target: 'missing' },
      },
    },
    missing: {
      description: 'The cache has no such key; the dialog says so and offers Close.',
      tags: ['error'],
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
          description: 'The drop zone refused what was dropped.',
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
          description: 'Add Option: a new option (NewId_) at the end of the list.',
          actions: assign(({ context }) =>
            settled(context, context.draft, [
              ...context.options,
              {
                id: newOptionId(),
                label: '',
                value: '',
                imagePath: null,
                sortOrder: liveOptions(context.options).length,
                deleted: false,
                imageFile: null,
              },
            ]),
          ),
        },
        'option.edit': {
          guard: { type: 'isEditableOption', params: ({ event }) => event.id },
          description: "An option's Label or Value was typed.",
          actions: assign({
            options: ({ context, event }) =>
              context.options.map((o) =>
                o.id === event.id ? { ...o, [event.field]: event.value } : o,
              ),
          }),
        },
        'option.remove': {
          guard: { type: 'isEditableOption', params: ({ event }) => event.id },
          description: 'Delete on an option: a saved one is marked deleted, a new one dropped.',
          actions: assign(({ context, event }) =>
            settled(
              context,
              context.draft,
              context.options.flatMap((o) =>
                o.id !== event.id
                  ? [o]
                  : isNewId(o.id)
                    ? []
                    : [{ ...o, deleted: true, imageFile: null }],
              ),
            ),
          ),
        },
        'option.move': {
          guard: { type: 'isMove', params: ({ event }) => event },
          description: 'An option was dragged, or moved up or down by its buttons.',
          actions: assign(({ context, event }) => {
            const live = moveItem(liveOptions(context.options), event.from, event.to)
            return settled(
              context,
              context.draft,
              [...live, ...context.options.filter((o) => o.deleted)].map((o, index) =>
                o.deleted ? o : { ...o, sortOrder: index },
              ),
            )
          }),
        },
        'option.chooseImage': {
          guard: { type: 'optionHasNoImage', params: ({ event }) => event.id },
          description: 'One image file was dropped or chosen for an option.',
          actions: assign({
            options: ({ context, event }) =>
              context.options.map((o) => (o.id === event.id ? { ...o, imageFile: event.file } : o)),
          }),
        },
        'option.removeImage': {
          guard: { type: 'optionHasImage', params: ({ event }) => event.id },
          description: "Remove was pressed on an option's image.",
          actions: assign({
            options: ({ context, event }) =>
              context.options.map((o) =>
                o.id === event.id ? { ...o, imageFile: null, imagePath: null } : o,
              ),
          }),
        },
        'key.save': [
          {
            guard: and(['canSave', 'needsClearing']),
            target: 'saving.clearing',
            description: 'Save of a key that becomes BOOLEAN: its other options go first.',
            actions: 'planSave',
          },
          {
            guard: 'canSave',
            target: 'saving',
            description: 'Save, with something changed and nothing invalid.',
            actions: 'planSave',
          },
        ],
        'key.close': { target: 'closed', description: 'Close, Escape or a click outside.' },
      },
    },
    saving: {
      description: "SPEC.md §4's save sequence; the form waits.",
      tags: ['busy'],
      initial: 'key',
      states: {
        clearing: {
          description: 'Deletes the options a key that becomes BOOLEAN no longer has.',
          invoke: {
            id: 'clearOption',
            src: 'saveOption',
            input: ({ context }) => ({ keyId: context.keyId as string, option: current(context) }),
            onDone: [
              {
                guard: 'hasMoreToClear',
                target: 'clearing',
                reenter: true,
                actions: [
                  { type: 'keepOption', params: ({ event }) => event.output },
                  'nextOption',
                  'countCleared',
                ],
              },
              {
                target: 'key',
                actions: [
                  { type: 'keepOption', params: ({ event }) => event.output },
                  'nextOption',
                  'countCleared',
                ],
              },
            ],
            onError: {
              target: '#attributeKey.editing',
              actions: assign(failedAt((c) => `Deleting ${optionName(current(c))}`)),
            },
          },
        },
        key: {
          description: 'Creates the key, or updates it when it has a real id.',
          invoke: {
            id: 'saveKey',
            src: 'saveKey',
            input: ({ context }) => ({ keyId: context.keyId, draft: context.draft }),
            onDone: [
              {
                guard: 'hasKeyImageFile',
                target: 'keyImage',
                actions: { type: 'keepKey', params: ({ event }) => event.output },
              },
              {
                guard: 'hasOptionsToSave',
                target: 'option',
                actions: { type: 'keepKey', params: ({ event }) => event.output },
              },
              {
                target: '#attributeKey.saved',
                actions: { type: 'keepKey', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: '#attributeKey.editing',
              actions: assign(failedAt(() => 'Saving the key')),
            },
          },
        },
        keyImage: {
          description: 'Uploads the chosen key image.',
          invoke: {
            id: 'uploadKeyImage',
            src: 'uploadImage',
            input: ({ context }) => ({
              file: context.imageFile as File,
              ownerId: context.keyId as string,
              section: 'key' as const,
            }),
            onDone: {
              target: 'keyImagePath',
              actions: assign(({ context, event }) => ({
                imageFile: null,
                draft: { ...context.draft, imagePath: event.output },
              })),
            },
            onError: {
              target: '#attributeKey.editing',
              actions: assign(failedAt(() => 'Uploading the key image')),
            },
          },
        },
        keyImagePath: {
          description: "Saves the uploaded image's path on the key.",
          invoke: {
            id: 'saveKeyImagePath',
            src: 'saveKeyImagePath',
            input: ({ context }) => ({
              keyId: context.keyId as string,
              imagePath: context.draft.imagePath as string,
            }),
            onDone: [
              {
                guard: 'hasOptionsToSave',
                target: 'option',
                actions: { type: 'keepKey', params: ({ event }) => event.output },
              },
              {
                target: '#attributeKey.saved',
                actions: { type: 'keepKey', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: '#attributeKey.editing',
              actions: assign(failedAt(() => 'Saving the key image')),
            },
          },
        },
        option: {
          description:
            'Creates the next option (NewId_) or updates it (a real id, deletion included).',
          invoke: {
            id: 'saveOption',
            src: 'saveOption',
            input: ({ context }) => ({ keyId: context.keyId as string, option: current(context) }),
            onDone: [
              {
                guard: 'optionHasImageFile',
                target: 'optionImage',
                actions: { type: 'keepOption', params: ({ event }) => event.output },
              },
              {
                guard: 'hasMoreOptions',
                target: 'option',
                reenter: true,
                actions: [
                  { type: 'keepOption', params: ({ event }) => event.output },
                  'nextOption',
                ],
              },
              {
                target: '#attributeKey.saved',
                actions: [
                  { type: 'keepOption', params: ({ event }) => event.output },
                  'nextOption',
                ],
              },
            ],
            onError: {
              target: '#attributeKey.editing',
              actions: assign(failedAt((c) => `Saving ${optionName(current(c))}`)),
            },
          },
        },
        optionImage: {
          description: "Uploads the option's chosen image.",
          invoke: {
            id: 'uploadOptionImage',
            src: 'uploadImage',
            input: ({ context }) => ({
              file: current(context).imageFile as File,
              ownerId: current(context).id,
              section: 'option' as const,
            }),
            onDone: {
              target: 'optionImagePath',
              actions: assign({
                options: ({ context, event }) =>
                  context.options.map((o, i) =>
                    i === context.queue[0] ? { ...o, imageFile: null, imagePath: event.output } : o,
                  ),
              }),
            },
            onError: {
              target: '#attributeKey.editing',
              actions: assign(failedAt((c) => `Uploading the image of ${optionName(current(c))}`)),
            },
          },
        },
        optionImagePath: {
          description: "Saves the uploaded image's path on the option.",
          invoke: {
            id: 'saveOptionImagePath',
            src: 'saveOptionImagePath',
            input: ({ context }) => ({
              optionId: current(context).id,
              imagePath: current(context).imagePath as string,
            }),
            onDone: [
              {
                guard: 'hasMoreOptions',
                target: 'option',
                reenter: true,
                actions: [
                  { type: 'keepOption', params: ({ event }) => event.output },
                  'nextOption',
                ],
              },
              {
                target: '#attributeKey.saved',
                actions: [
                  { type: 'keepOption', params: ({ event }) => event.output },
                  'nextOption',
                ],
              },
            ],
            onError: {
              target: '#attributeKey.editing',
              actions: assign(failedAt((c) => `Saving the image of ${optionName(current(c))}`)),
            },
          },
        },
      },
    },
    saved: {
      description: 'Everything is stored; the owner hears the id (onSave) and the dialog closes.',
      type: 'final',
    },
    closed: {
      description: 'Closed without saving (what was saved before a failure stays saved).',
      type: 'final',
    },
  },
})

export type AttributeKeyActor = ActorRefFrom<typeof attributeKeyMachine>
export type AttributeKeySnapshot = SnapshotFrom<typeof attributeKeyMachine>
