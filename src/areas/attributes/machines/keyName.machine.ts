import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AttributeKey } from '../../../../schema/attributes'
import { attributeServer, type AttributeServer } from '../../../data/api/attributes'
import { readAttributeKey, saveContainerKey } from '../../../data/db/attributeTree'
import type { TreeRef } from './attributeTree.types'
import { treeFailure } from './attributeTree.messages'
import { renamedNotice } from './keyName.messages'
import { notify } from '../../../kit/machines/system'
import { finalState } from '../../../kit/machines/finalState'

export type ContainerType = 'ROOT' | 'BRANCH'

type KeyNameContext = {
  /** The key edited; null for a new trunk or branch. */
  keyId: string | null
  type: ContainerType
  name: string
  /** The name as loaded ('' for a new key): Save stays off until the name differs from it. */
  original: string
  /** Why the last Save failed; the dialog shows it and keeps the input. */
  error: string | null
  saved: AttributeKey | null
  /** The tree that opened the dialog: it hears the saved key's id, or that the dialog closed. */
  tree: TreeRef
}

export type KeyNameEvent =
  { type: 'keyName.edit'; value: string } | { type: 'keyName.save' } | { type: 'keyName.close' }

export type KeyNameInput = { keyId: string | null; type: ContainerType; tree: TreeRef }

/** The dialog's effects, asking `server` (a test gives a stub; the cache writes stay real). */
export const keyNameActors = (server: AttributeServer = attributeServer) => ({
  readKey: fromPromise<AttributeKey | undefined, { keyId: string | null }>(({ input }) =>
    input.keyId ? readAttributeKey(input.keyId) : Promise.resolve(undefined),
  ),
  saveKey: fromPromise<AttributeKey, { keyId: string | null; name: string; type: ContainerType }>(
    ({ input, signal }) =>
      saveContainerKey({ id: input.keyId, name: input.name, type: input.type }, { signal, server }),
  ),
})

/**
 * The 'AttributeKey Trunk' and 'AttributeKey Branch' dialogs (SPEC.md §2, §4): a Name, Close and
 * Save. A new trunk is a ROOT key, a new branch a BRANCH key. Save creates or renames the key and
 * tells the tree its id (the tree links a new key), then the dialog closes; a rename is notified. Unlike SPEC.md's
 * silent close, a failed save keeps the dialog and the input and says what failed.
 */
export const keyNameMachine = setup({
  types: {
    context: {} as KeyNameContext,
    events: {} as KeyNameEvent,
    input: {} as KeyNameInput,
  },
  actors: keyNameActors(),
  guards: {
    // SPEC.md §5: Save is off while the form is pristine. A blank name is pristine for a new key,
    // and clearing an existing name would leave a nameless key in the tree, so it does not count.
    hasNewName: ({ context }) =>
      context.name.trim() !== '' && context.name.trim() !== context.original.trim(),
  },
  actions: {
    keepName: assign({
      name: ({ context, event }) => (event.type === 'keyName.edit' ? event.value : context.name),
    }),
    tellTreeSaved: sendTo(
      ({ context }) => context.tree,
      ({ context }) => ({ type: 'tree.keySaved' as const, keyId: context.saved?.id ?? '' }),
    ),
    tellTreeClosed: sendTo(({ context }) => context.tree, { type: 'tree.closeDialog' as const }),
    // A new key is announced by the tree once it is linked; a rename shows everywhere at once.
    notifyRenamed: notify(({ context }) =>
      context.keyId !== null ? renamedNotice(context.name) : null,
    ),
  },
}).createMachine({
  id: 'keyName',
  meta: { spec: ['§2.12', '§4.17.1', '§5.21'] },
  description: 'Names a trunk or a branch key, new or existing.',
  context: ({ input }) => ({
    keyId: input.keyId,
    type: input.type,
    name: '',
    original: '',
    error: null,
    saved: null,
    tree: input.tree,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        "The Name is read-only while the key's current name is read from the cache (nothing to " +
        'read for a new key).',
      tags: ['busy'],
      invoke: {
        id: 'readKey',
        src: 'readKey',
        input: ({ context }) => ({ keyId: context.keyId }),
        onDone: {
          target: 'editing',
          description: 'The cache answered: the Name shows the current name (empty for a new key).',
          actions: assign(({ event }) => ({
            name: event.output?.name ?? '',
            original: event.output?.name ?? '',
          })),
        },
        onError: {
          target: 'editing',
          description: 'The cache could not be read: the Name is empty and the message says why.',
          actions: assign({ error: ({ event }) => treeFailure(event.error) }),
        },
      },
    },
    editing: {
      description: 'The Name field with Close and Save.',
      on: {
        'keyName.edit': { description: 'The person typed the name.', actions: 'keepName' },
        'keyName.save': {
          guard: 'hasNewName',
          target: 'saving',
          description:
            'Save was pressed with a name that is neither blank nor the one loaded (Save is off otherwise).',
        },
        'keyName.close': {
          target: 'closed',
          description: 'Close was pressed (or Escape, or a click outside the dialog).',
        },
      },
    },
    saving: {
      description: 'Waits for the server to store the key; Save is off.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveKey',
        src: 'saveKey',
        input: ({ context }) => ({
          keyId: context.keyId,
          name: context.name.trim(),
          type: context.type,
        }),
        onDone: {
          target: 'saved',
          description: 'The server stored the key.',
          actions: assign({ saved: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          description: 'The server refused the key; the message says why.',
          actions: assign({ error: ({ event }) => treeFailure(event.error) }),
        },
      },
    },
    failed: {
      description: 'The save failed: the input stays and the reason shows; Save tries again.',
      tags: ['error'],
      on: {
        'keyName.edit': {
          target: 'editing',
          description: 'The person changed the name.',
          actions: ['keepName', assign({ error: null })],
        },
        'keyName.save': { target: 'saving', description: 'Save was pressed again.' },
        'keyName.close': {
          target: 'closed',
          description: 'Close was pressed: the person gave up.',
        },
      },
    },
    saved: finalState(
      'Saved: the tree hears the id, a rename is notified, and the dialog closes.',
      { entry: ['tellTreeSaved', 'notifyRenamed'] },
    ),
    closed: finalState('Closed without saving; the tree hears it.', { entry: 'tellTreeClosed' }),
  },
})

export type KeyNameActor = ActorRefFrom<typeof keyNameMachine>
export type KeyNameSnapshot = SnapshotFrom<typeof keyNameMachine>
