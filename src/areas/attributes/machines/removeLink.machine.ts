import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AttributeKeyAssociation } from '../../../../schema/attributes'
import { attributeServer, type AttributeServer } from '../../../data/api/attributes'
import { unlink } from '../../../data/db/attributeTree'
import { removedNotice, treeFailure } from './attributeTree.messages'
import { notify } from '../../../kit/machines/system'
import { finalState } from '../../../kit/machines/finalState'

type RemoveContext = {
  /** The association to remove, with everything below it. */
  id: string
  /** Its key's name as the tree showed it when Remove Link was chosen. */
  name: string | undefined
  error: string | null
  removed: AttributeKeyAssociation | null
}

export type RemoveLinkEvent = { type: 'remove.confirm' } | { type: 'remove.cancel' }

export type RemoveLinkInput = { id: string; name: string | undefined }

/** The output: the removed association, or null when the person gave up. */
export type RemoveLinkOutput = AttributeKeyAssociation | null

/** The removal's effect, asking `server` (a test gives a stub; the cache write stays real). */
export const removeLinkActors = (server: AttributeServer = attributeServer) => ({
  unlink: fromPromise<AttributeKeyAssociation, { id: string }>(({ input, signal }) =>
    unlink(input.id, { signal, server }),
  ),
})

/**
 * Remove Link (SPEC.md §2, §4), the tree's child while its dialog is open: 'Remove {name}?' with
 * Cancel and Remove Link; the server deletes the association, everything below it and the
 * conditions on them. A refusal stays in the dialog, which offers it again.
 */
export const removeLinkMachine = setup({
  types: {
    context: {} as RemoveContext,
    events: {} as RemoveLinkEvent,
    input: {} as RemoveLinkInput,
    output: {} as RemoveLinkOutput,
  },
  actors: removeLinkActors(),
  actions: {
    notifyRemoved: notify(({ context }: { context: RemoveContext }) => removedNotice(context.name)),
  },
}).createMachine({
  id: 'removeLink',
  meta: { spec: ['§2.12'] },
  description: 'Asks, then removes a link and everything below it.',
  context: ({ input }) => ({ id: input.id, name: input.name, error: null, removed: null }),
  initial: 'confirming',
  output: ({ context }) => context.removed,
  states: {
    confirming: {
      description: "The dialog asks 'Remove {name}?' with Cancel and Remove Link.",
      on: {
        'remove.confirm': { target: 'removing', description: 'Remove Link was pressed.' },
        'remove.cancel': {
          target: 'cancelled',
          description: 'Cancel was pressed (or Escape, or a click outside the dialog).',
        },
      },
    },
    removing: {
      description: 'Waits for the server to remove the link and everything below it.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'unlink',
        src: 'unlink',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'removed',
          description: 'The server removed the link.',
          actions: [assign({ removed: ({ event }) => event.output }), 'notifyRemoved'],
        },
        onError: {
          target: 'failed',
          description: 'The server refused the removal; the message says why.',
          actions: assign({ error: ({ event }) => treeFailure(event.error) }),
        },
      },
    },
    failed: {
      description: 'The removal failed; the dialog shows why and offers it again.',
      tags: ['error'],
      on: {
        'remove.confirm': { target: 'removing', description: 'Remove Link was pressed again.' },
        'remove.cancel': {
          target: 'cancelled',
          description: 'Cancel was pressed: the person gave up.',
        },
      },
    },
    removed: finalState("Removed ('{name} was removed'); the dialog closes."),
    cancelled: finalState('Closed without removing.'),
  },
})

export type RemoveLinkActor = ActorRefFrom<typeof removeLinkMachine>
export type RemoveLinkSnapshot = SnapshotFrom<typeof removeLinkMachine>
