import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AttributeKey, AttributeKeyOption } from '../../../../schema/attributes'
import { watchKeyWithOptions, type KeyWithOptions } from '../../../data/db/attributeKeys'
import { finalState } from '../../../kit/machines/finalState'

type DemoContext = { keyId: string; key: AttributeKey | null; options: AttributeKeyOption[] }

export type KeyDemoEvent =
  { type: 'demo.loaded'; found: KeyWithOptions } | { type: 'demo.failed'; error: unknown }

export type KeyDemoInput = { keyId: string }

/** Sends 'demo.loaded' with the key and its live options now and after every change. */
const watchKey = fromCallback<KeyDemoEvent, { keyId: string }>(({ input, sendBack }) =>
  watchKeyWithOptions(input.keyId, {
    next: (found) => sendBack({ type: 'demo.loaded', found }),
    error: (error) => sendBack({ type: 'demo.failed', error }),
  }),
)

/**
 * The 'AttributeKey Demo' dialog's data (SPEC.md §2): one key and its live options as the cache
 * holds them, followed live so that a save elsewhere shows at once.
 */
export const keyDemoMachine = setup({
  types: {
    context: {} as DemoContext,
    events: {} as KeyDemoEvent,
    input: {} as KeyDemoInput,
  },
  actors: { watchKey },
  guards: { isFound: (_, found: boolean) => found },
}).createMachine({
  id: 'keyDemo',
  meta: { spec: ['§2.12'] },
  description: 'Follows one key and its options in the attribute cache for the Demo dialog.',
  context: ({ input }) => ({ keyId: input.keyId, key: null, options: [] }),
  initial: 'watching',
  states: {
    watching: {
      description: 'The dialog follows the key in the cache.',
      invoke: {
        id: 'watchKey',
        src: 'watchKey',
        input: ({ context }) => ({ keyId: context.keyId }),
        // No onError: the watch reports a failed read as 'demo.failed' and never throws.
      },
      initial: 'loading',
      states: {
        loading: {
          description: 'The dialog reads “Loading…” while the cache is read the first time.',
          tags: ['busy'],
        },
        shown: { description: 'The preview of the key and its options; only Close is offered.' },
        missing: {
          description: 'The dialog says the key is not in the local data.',
          tags: ['error'],
        },
      },
      on: {
        'demo.loaded': [
          {
            guard: { type: 'isFound', params: ({ event }) => !!event.found.key },
            target: '.shown',
            description: 'The cache had the key (again, or changed): the preview shows it.',
            actions: assign({
              key: ({ event }) => event.found.key ?? null,
              options: ({ event }) => event.found.options,
            }),
          },
          {
            target: '.missing',
            description: 'The cache had no key with this id.',
            actions: assign({ key: null, options: [] }),
          },
        ],
        'demo.failed': { target: 'failed', description: 'The cache could not be read.' },
      },
    },
    failed: finalState('The cache could not be read; the dialog says so.', { tags: ['error'] }),
  },
})

export type KeyDemoActor = ActorRefFrom<typeof keyDemoMachine>
export type KeyDemoSnapshot = SnapshotFrom<typeof keyDemoMachine>
