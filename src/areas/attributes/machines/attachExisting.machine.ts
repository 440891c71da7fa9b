import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AttributeKeyAssociation } from '../../../../schema/attributes'
import { attributeServer, type AttributeServer } from '../../../data/api/attributes'
import { linkKey } from '../../../data/db/attributeTree'
import { treeFailure } from './attributeTree.messages'
import { finalState } from '../../../kit/machines/finalState'

type AttachContext = {
  /** Where the key goes; null: the top level. */
  parentId: string | null
  search: string
  keyId: string | null
  error: string | null
  linked: AttributeKeyAssociation | null
}

export type AttachEvent =
  | { type: 'attach.search'; text: string }
  | { type: 'attach.choose'; keyId: string }
  | { type: 'attach.submit' }
  | { type: 'attach.cancel' }

export type AttachInput = { parentId: string | null }

/** The output: the new association, or null when the person closed the dialog. */
export type AttachOutput = AttributeKeyAssociation | null

/** The dialog's effect, asking `server` (a test gives a stub; the cache writes stay real). */
export const attachExistingActors = (server: AttributeServer = attributeServer) => ({
  linkKey: fromPromise<AttributeKeyAssociation, { keyId: string; parentId: string | null }>(
    ({ input, signal }) =>
      linkKey(
        { attributeKeyId: input.keyId, parentAssociationId: input.parentId },
        { signal, server },
      ),
  ),
})

/**
 * Add Existing (SPEC.md §2): pick a key that exists already (a searchable list; the view offers
 * only what may go here) and link it under the parent, or at the top level for a ROOT key. The
 * new association comes first among its siblings (SPEC.md §4, sortOrder 0).
 */
export const attachExistingMachine = setup({
  types: {
    context: {} as AttachContext,
    events: {} as AttachEvent,
    input: {} as AttachInput,
    output: {} as AttachOutput,
  },
  actors: attachExistingActors(),
  guards: { hasChoice: ({ context }) => context.keyId !== null },
  actions: {
    keepSearch: assign({
      search: ({ context, event }) =>
        event.type === 'attach.search' ? event.text : context.search,
    }),
    keepChoice: assign({
      keyId: ({ context, event }) => (event.type === 'attach.choose' ? event.keyId : context.keyId),
      error: null,
    }),
  },
}).createMachine({
  id: 'attachExisting',
  meta: { spec: ['§2.12'] },
  description: 'Links an existing key into the tree.',
  context: ({ input }) => ({
    parentId: input.parentId,
    search: '',
    keyId: null,
    error: null,
    linked: null,
  }),
  initial: 'picking',
  output: ({ context }) => context.linked,
  states: {
    picking: {
      description: "The 'Add Existing' dialog: the searchable list of keys, Close and Add.",
      on: {
        'attach.search': {
          description: 'The person typed in the search field.',
          actions: 'keepSearch',
        },
        'attach.choose': { description: 'The person picked a key.', actions: 'keepChoice' },
        'attach.submit': {
          guard: 'hasChoice',
          target: 'linking',
          description: 'Add was pressed with a key picked.',
        },
        'attach.cancel': {
          target: 'closed',
          description: 'Close was pressed (or Escape, or a click outside the dialog).',
        },
      },
    },
    linking: {
      description: 'Waits for the server to create the association; Add is off.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'linkKey',
        src: 'linkKey',
        input: ({ context }) => ({ keyId: context.keyId ?? '', parentId: context.parentId }),
        onDone: {
          target: 'linked',
          description: 'The server linked the key.',
          actions: assign({ linked: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          description: 'The server refused the link; the message says why.',
          actions: assign({ error: ({ event }) => treeFailure(event.error) }),
        },
      },
    },
    failed: {
      description: 'The reason shows and the choice stays; Add tries again.',
      tags: ['error'],
      on: {
        'attach.search': {
          description: 'The person typed in the search field.',
          actions: 'keepSearch',
        },
        'attach.choose': {
          target: 'picking',
          description: 'The person picked another key.',
          actions: 'keepChoice',
        },
        'attach.submit': { target: 'linking', description: 'Add was pressed again.' },
        'attach.cancel': {
          target: 'closed',
          description: 'Close was pressed: the person gave up.',
        },
      },
    },
    linked: finalState('Linked: the dialog closes and the tree shows the new item.'),
    closed: finalState('Closed without linking.'),
  },
})

export type AttachExistingActor = ActorRefFrom<typeof attachExistingMachine>
export type AttachExistingSnapshot = SnapshotFrom<typeof attachExistingMachine>
