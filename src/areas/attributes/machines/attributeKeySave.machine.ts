import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AttributeKey, AttributeKeyOption } from '../../../../schema/attributes'
import { attributeKeySaveActors } from './attributeKey.actors'
import { savePlan, type KeyDraft, type OptionDraft } from './attributeKey.draft'
import { serverMessage } from '../../../kit/machines/notification.messages'

/** Which step of the save sequence failed, in words, with the server's message. */
export type SaveFailure = { step: string; message: string }

/** What a save starts from and hands back: the key and its options, and what the server has. */
export type KeyWork = {
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
}

/** The output: the work as far as it got, and the failed step (null: everything is stored). */
export type KeySaveOutput = KeyWork & { failure: SaveFailure | null }

type SaveContext = KeySaveOutput & {
  /** Indexes into `options` still to save in this run; the first is the one being saved. */
  queue: number[]
  /** How many of `queue` are removals that must reach the server before the key does. */
  clearFirst: number
}

const NO_OPTION: OptionDraft = {
  id: '',
  label: '',
  value: '',
  imagePath: null,
  sortOrder: 0,
  deleted: false,
  imageFile: null,
}
/** The option being saved (the head of the queue). */
const current = (context: SaveContext) => context.options[context.queue[0] ?? -1] ?? NO_OPTION
const optionName = (option: OptionDraft) => `option "${option.label || option.value || 'untitled'}"`

const failedAt =
  (step: (context: SaveContext) => string) =>
  ({ context, event }: { context: SaveContext; event: object }) => ({
    failure: {
      step: step(context),
      message: serverMessage('error' in event ? event.error : undefined),
    },
  })

/** Replaces the option being saved with what the server answered (its real id, once created). */
function storeOption(context: SaveContext, row: AttributeKeyOption): Partial<SaveContext> {
  const index = context.queue[0] ?? -1
  const before = context.options[index]
  if (!before) return {}
  // The server's id (a new option's first), with what was sent: the answer echoes it.
  const option = { ...before, id: row.id, imagePath: row.imagePath, deleted: row.deleted }
  return {
    options: context.options.map((o, i) => (i === index ? option : o)),
    savedOptions: { ...context.savedOptions, [row.id]: { ...option, imageFile: null } },
  }
}

/**
 * SPEC.md §4's save sequence of the AttributeKey dialog, invoked by it for one Save: the key, its
 * new image and that image's path, then every changed option (created when its id is NewId_,
 * updated otherwise) with its image. A key that becomes BOOLEAN loses its other options first. A
 * failed step ends the run and names the step; the next Save starts from what the server has, so
 * nothing already created is created twice.
 */
export const attributeKeySaveMachine = setup({
  types: {
    context: {} as SaveContext,
    input: {} as KeyWork,
    output: {} as KeySaveOutput,
  },
  actors: attributeKeySaveActors(),
  guards: {
    needsClearing: ({ context }) => context.clearFirst > 0,
    hasMoreToClear: ({ context }) => context.clearFirst > 1,
    hasKeyImageFile: ({ context }) => context.imageFile !== null,
    hasOptionsToSave: ({ context }) => context.queue.length > 0,
    optionHasImageFile: ({ context }) => current(context).imageFile !== null,
    hasMoreOptions: ({ context }) => context.queue.length > 1,
  },
  actions: {
    nextOption: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** The server's answer for the option being saved, kept in the list. */
    keepOption: assign(({ context }, row: AttributeKeyOption | null) =>
      row ? storeOption(context, row) : {},
    ),
    countCleared: assign({ clearFirst: ({ context }) => context.clearFirst - 1 }),
    keepKey: assign(({ context }, row: AttributeKey) => ({
      keyId: row.id,
      draft: { ...context.draft, imagePath: row.imagePath },
      saved: { ...context.draft, imagePath: row.imagePath },
    })),
  },
}).createMachine({
  id: 'attributeKeySave',
  description: "Stores a key, its image and its changed options in SPEC.md §4's order.",
  context: ({ input }) => ({
    ...input,
    failure: null,
    ...savePlan(input.keyId, input.draft, input.saved, input.options, input.savedOptions),
  }),
  output: ({ context }) => ({
    keyId: context.keyId,
    draft: context.draft,
    saved: context.saved,
    imageFile: context.imageFile,
    options: context.options,
    savedOptions: context.savedOptions,
    failure: context.failure,
  }),
  initial: 'clearing',
  states: {
    clearing: {
      description:
        'Waits for the server to delete, one at a time, the options a key that becomes BOOLEAN no ' +
        'longer has (it refuses the type while they live); any other save has none to delete.',
      invoke: {
        id: 'clearOption',
        src: 'clearOption',
        input: ({ context }) => ({
          keyId: context.keyId ?? '',
          option: context.clearFirst > 0 ? current(context) : null,
        }),
        onDone: [
          {
            guard: 'hasMoreToClear',
            target: 'clearing',
            reenter: true,
            description: 'The server deleted the option; the next one is deleted.',
            actions: [
              { type: 'keepOption', params: ({ event }) => event.output },
              'nextOption',
              'countCleared',
            ],
          },
          {
            guard: 'needsClearing',
            target: 'key',
            description: 'The server deleted the last of them; the key is saved next.',
            actions: [
              { type: 'keepOption', params: ({ event }) => event.output },
              'nextOption',
              'countCleared',
            ],
          },
          { target: 'key', description: 'There was nothing to delete; the key is saved first.' },
        ],
        onError: {
          target: 'failed',
          description: 'The server refused to delete the option; its message says why.',
          actions: assign(failedAt((c) => `Deleting ${optionName(current(c))}`)),
        },
      },
    },
    key: {
      description: 'Waits for the server to create the key, or to update it when it has a real id.',
      invoke: {
        id: 'saveKey',
        src: 'saveKey',
        input: ({ context }) => ({ keyId: context.keyId, draft: context.draft }),
        onDone: [
          {
            guard: 'hasKeyImageFile',
            target: 'keyImage',
            description: 'The server saved the key; its chosen image is uploaded next.',
            actions: { type: 'keepKey', params: ({ event }) => event.output },
          },
          {
            guard: 'hasOptionsToSave',
            target: 'option',
            description: 'The server saved the key, which has no new image; the options are next.',
            actions: { type: 'keepKey', params: ({ event }) => event.output },
          },
          {
            target: 'done',
            description: 'The server saved the key, and nothing else had changed.',
            actions: { type: 'keepKey', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          description: 'The server refused the key; its message says why.',
          actions: assign(failedAt(() => 'Saving the key')),
        },
      },
    },
    keyImage: {
      description: 'Waits for the server to store the chosen key image.',
      invoke: {
        id: 'uploadKeyImage',
        src: 'uploadImage',
        input: ({ context }) => ({
          file: context.imageFile,
          ownerId: context.keyId ?? '',
          section: 'key' as const,
        }),
        onDone: {
          target: 'keyImagePath',
          description: 'The server stored the key image; its path is saved on the key next.',
          actions: assign(({ context, event }) => ({
            imageFile: null,
            draft: { ...context.draft, imagePath: event.output },
          })),
        },
        onError: {
          target: 'failed',
          description: 'The server refused the key image; its message says why.',
          actions: assign(failedAt(() => 'Uploading the key image')),
        },
      },
    },
    keyImagePath: {
      description: "Waits for the server to save the uploaded image's path on the key.",
      invoke: {
        id: 'saveKeyImagePath',
        src: 'saveKeyImagePath',
        input: ({ context }) => ({
          keyId: context.keyId ?? '',
          imagePath: context.draft.imagePath,
        }),
        onDone: [
          {
            guard: 'hasOptionsToSave',
            target: 'option',
            description: "The server saved the image's path on the key; the options are next.",
            actions: { type: 'keepKey', params: ({ event }) => event.output },
          },
          {
            target: 'done',
            description: "The server saved the image's path on the key; no option had changed.",
            actions: { type: 'keepKey', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          description: "The server refused the image's path; its message says why.",
          actions: assign(failedAt(() => 'Saving the key image')),
        },
      },
    },
    option: {
      description:
        'Waits for the server to create the next changed option (a NewId_) or to update it (a real ' +
        'id, deletion included).',
      invoke: {
        id: 'saveOption',
        src: 'saveOption',
        input: ({ context }) => ({ keyId: context.keyId ?? '', option: current(context) }),
        onDone: [
          {
            guard: 'optionHasImageFile',
            target: 'optionImage',
            description: 'The server saved the option; its chosen image is uploaded next.',
            actions: { type: 'keepOption', params: ({ event }) => event.output },
          },
          {
            guard: 'hasMoreOptions',
            target: 'option',
            reenter: true,
            description:
              'The server saved the option, which has no new image; the next one follows.',
            actions: [{ type: 'keepOption', params: ({ event }) => event.output }, 'nextOption'],
          },
          {
            target: 'done',
            description: 'The server saved the last changed option, which has no new image.',
            actions: [{ type: 'keepOption', params: ({ event }) => event.output }, 'nextOption'],
          },
        ],
        onError: {
          target: 'failed',
          description: 'The server refused the option; its message says why.',
          actions: assign(failedAt((c) => `Saving ${optionName(current(c))}`)),
        },
      },
    },
    optionImage: {
      description: "Waits for the server to store the option's chosen image.",
      invoke: {
        id: 'uploadOptionImage',
        src: 'uploadImage',
        input: ({ context }) => ({
          file: current(context).imageFile,
          ownerId: current(context).id,
          section: 'option' as const,
        }),
        onDone: {
          target: 'optionImagePath',
          description: "The server stored the option's image; its path is saved next.",
          actions: assign({
            options: ({ context, event }) =>
              context.options.map((o, i) =>
                i === context.queue[0] ? { ...o, imageFile: null, imagePath: event.output } : o,
              ),
          }),
        },
        onError: {
          target: 'failed',
          description: "The server refused the option's image; its message says why.",
          actions: assign(failedAt((c) => `Uploading the image of ${optionName(current(c))}`)),
        },
      },
    },
    optionImagePath: {
      description: "Waits for the server to save the uploaded image's path on the option.",
      invoke: {
        id: 'saveOptionImagePath',
        src: 'saveOptionImagePath',
        input: ({ context }) => ({
          optionId: current(context).id,
          imagePath: current(context).imagePath,
        }),
        onDone: [
          {
            guard: 'hasMoreOptions',
            target: 'option',
            reenter: true,
            description: "The server saved the image's path on the option; the next one follows.",
            actions: [{ type: 'keepOption', params: ({ event }) => event.output }, 'nextOption'],
          },
          {
            target: 'done',
            description: "The server saved the image's path on the last changed option.",
            actions: [{ type: 'keepOption', params: ({ event }) => event.output }, 'nextOption'],
          },
        ],
        onError: {
          target: 'failed',
          description: "The server refused the option image's path; its message says why.",
          actions: assign(failedAt((c) => `Saving the image of ${optionName(current(c))}`)),
        },
      },
    },
    done: {
      description: 'Everything is stored; the dialog hears that the save succeeded.',
      type: 'final',
    },
    failed: {
      description: 'A step failed: what was stored stays stored, and the step is named.',
      type: 'final',
    },
  },
})

export type AttributeKeySaveActor = ActorRefFrom<typeof attributeKeySaveMachine>
export type AttributeKeySaveSnapshot = SnapshotFrom<typeof attributeKeySaveMachine>
