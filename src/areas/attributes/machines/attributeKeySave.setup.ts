import { assign, setup } from 'xstate'
import type { AttributeKey, AttributeKeyOption } from '../../../../schema/attributes'
import { attributeKeySaveActors } from './attributeKey.actors'
import type { KeyDraft, OptionDraft } from './attributeKey.shape'
import { serverMessage } from '../../../kit/machines/notification.messages'

/*
 * The save sequence's context, its helpers and its named effects, guards and actions
 * (attributeKeySave.machine.ts draws the chart; its steps live in .key.ts and .options.ts).
 */

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

export type SaveContext = KeySaveOutput & {
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
export const current = (context: SaveContext) =>
  context.options[context.queue[0] ?? -1] ?? NO_OPTION
export const optionName = (option: OptionDraft) =>
  `option "${option.label || option.value || 'untitled'}"`

export const failedAt =
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

export const attributeKeySaveSetup = setup({
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
})
