import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { settle } from './attributeKey.draft'
import { draftOfKey, draftOfOption, newKeyDraft } from './attributeKey.shape'
import { editing } from './attributeKey.editing'
import { attributeKeySetup, work } from './attributeKey.setup'
import { finalState } from '../../../kit/machines/finalState'

export type {
  AttributeKeyContext,
  AttributeKeyEvent,
  AttributeKeyInput,
} from './attributeKey.setup'
export type { SaveFailure } from './attributeKeySave.machine'

/**
 * The AttributeKey dialog (SPEC.md §2, §4, §5): edits a key (name, type, prompt, image, control
 * type, config) and its options; Save runs the save sequence (attributeKeySave.machine.ts) as a
 * child. A failed step keeps the dialog and the input and says which step failed; Save retries
 * from what the server has. Saved, it tells the tree the key's id; closed, that it closed.
 */
export const attributeKeyMachine = attributeKeySetup.createMachine({
  id: 'attributeKey',
  meta: { spec: ['§2.12', '§4.17'] },
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
    editing,
    saving: {
      description:
        "The save runs its steps in SPEC.md §4's order; Save and Close are off until it ends.",
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
    saved: finalState('Everything is stored; the tree hears the id and the dialog closes.', {
      entry: 'tellTreeSaved',
    }),
    closed: finalState('Closed without saving (what was saved before a failure stays saved).', {
      entry: 'tellTreeClosed',
    }),
  },
})

export type AttributeKeyActor = ActorRefFrom<typeof attributeKeyMachine>
export type AttributeKeySnapshot = SnapshotFrom<typeof attributeKeyMachine>
