import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { laterSiblings } from '../../../../schema/attribute-rules'
import { conditionalActors } from './conditional.actors'
import type {
  ConditionalContext,
  ConditionalEvent,
  ConditionalInput,
  LeafContext,
} from './conditional.types'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { finalState } from '../../../kit/machines/finalState'

export { conditionalActors } from './conditional.actors'
export type { ConditionalEvent, ConditionalInput, LeafContext } from './conditional.types'

const targets = (leaf: LeafContext | null, associationId: string) =>
  leaf ? laterSiblings(leaf.siblings, associationId) : []

/**
 * The Conditional Attribute dialog (SPEC.md §2): values of the leaf's key and a later sibling,
 * 'When X has the value(s) … the branch/leaf Y will be included'; Save stores the condition and
 * closes (the tree is told). The leaf's existing conditions are listed and can be removed. Refusals
 * stay in the dialog.
 */
export const conditionalMachine = setup({
  types: {
    context: {} as ConditionalContext,
    events: {} as ConditionalEvent,
    input: {} as ConditionalInput,
  },
  actors: conditionalActors(),
  guards: {
    isFound: (_, leaf: LeafContext) => !!leaf.leaf?.key,
    isLeafGone: ({ context }) => !context.leaf?.leaf?.key,
    isListed: ({ context }, id: string) => !!context.leaf?.conditions.some((c) => c.id === id),
    canSave: ({ context }) =>
      context.values.length > 0 &&
      targets(context.leaf, context.associationId).some((link) => link.id === context.targetId),
  },
  actions: {
    keepLeaf: assign(({ context }, leaf: LeafContext) => ({
      leaf,
      // A target that is no longer a later sibling (moved, removed) is no longer chosen.
      targetId: targets(leaf, context.associationId).some((link) => link.id === context.targetId)
        ? context.targetId
        : null,
    })),
    tellTreeClosed: sendTo(({ context }) => context.tree, { type: 'tree.closeDialog' as const }),
  },
}).createMachine({
  id: 'conditional',
  meta: { spec: ['§2.12'] },
  description: 'Adds and removes the conditions a leaf puts on its later siblings.',
  context: ({ input }) => ({
    associationId: input.associationId,
    leaf: null,
    values: [],
    targetId: null,
    removingId: null,
    error: null,
    tree: input.tree,
  }),
  invoke: {
    id: 'watchLeaf',
    src: 'watchLeaf',
    input: ({ context }) => ({ associationId: context.associationId }),
    // No onError: the watch reports a failed read as 'conditional.readFailed' and never throws.
  },
  on: {
    'conditional.loaded': {
      description: 'The tree changed in the cache (a save here, a sync batch, another tab).',
      actions: { type: 'keepLeaf', params: ({ event }) => event.leaf },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description:
        "The dialog reads “Loading…” while the leaf's key, options, siblings and conditions are " +
        'read from the cache.',
      tags: ['busy', 'loading'],
      on: {
        'conditional.loaded': [
          {
            guard: { type: 'isFound', params: ({ event }) => event.leaf },
            target: 'editing',
            description: 'The cache had the leaf: the form shows.',
            actions: { type: 'keepLeaf', params: ({ event }) => event.leaf },
          },
          { target: 'missing', description: 'The cache had no such leaf.' },
        ],
        'conditional.readFailed': {
          target: 'missing',
          description: 'The cache could not be read.',
        },
        'conditional.cancel': {
          target: 'closed',
          description: 'Cancel (or Escape) was pressed.',
        },
      },
    },
    missing: {
      description: 'The leaf is not in the cache; the dialog says so and offers Cancel.',
      tags: ['error', 'missing'],
      on: {
        'conditional.loaded': {
          guard: { type: 'isFound', params: ({ event }) => event.leaf },
          target: 'editing',
          description: 'The leaf arrived after all (a sync batch).',
          actions: { type: 'keepLeaf', params: ({ event }) => event.leaf },
        },
        'conditional.cancel': {
          target: 'closed',
          description: 'Cancel (or Escape) was pressed.',
        },
      },
    },
    editing: {
      description: 'Values, Affected Branch/Leaf, the summary and the existing conditions.',
      // The leaf was removed meanwhile (another tab, a sync batch): nothing left to condition.
      always: {
        guard: 'isLeafGone',
        target: 'missing',
        description: 'The leaf was removed meanwhile: nothing is left to condition.',
      },
      on: {
        'conditional.chooseValues': {
          description: 'Values were ticked or unticked.',
          actions: assign({ values: ({ event }) => event.values, error: null }),
        },
        'conditional.chooseTarget': {
          description: 'An Affected Branch/Leaf was chosen.',
          actions: assign({ targetId: ({ event }) => event.id, error: null }),
        },
        'conditional.save': {
          guard: 'canSave',
          target: 'saving',
          description: 'Save was pressed with values and an Affected Branch/Leaf chosen.',
        },
        'conditional.remove': {
          guard: { type: 'isListed', params: ({ event }) => event.id },
          target: 'removing',
          description: 'Remove was pressed on an existing condition.',
          actions: assign({ removingId: ({ event }) => event.id }),
        },
        'conditional.cancel': {
          target: 'closed',
          description: 'Cancel (or Escape) was pressed.',
        },
      },
    },
    saving: {
      description: 'The server stores the condition; the dialog waits.',
      tags: ['busy', 'saving'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveCondition',
        src: 'saveCondition',
        input: ({ context }) => ({
          attributeKeyId: context.leaf?.leaf?.attributeKeyId ?? '',
          values: context.values,
          conditionalAssociationId: context.targetId ?? '',
        }),
        onDone: { target: 'closed', description: 'The server stored the condition.' },
        onError: {
          target: 'editing',
          description: 'The server refused the condition; the message says why.',
          actions: assign({ error: ({ event }) => serverMessage(event.error) }),
        },
      },
    },
    removing: {
      description: 'The server removes one existing condition; the dialog waits.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'removeCondition',
        src: 'removeCondition',
        input: ({ context }) => ({ id: context.removingId ?? '' }),
        onDone: {
          target: 'editing',
          description: 'The server removed the condition.',
          actions: assign({ removingId: null }),
        },
        onError: {
          target: 'editing',
          description: 'The server refused the removal; the message says why.',
          actions: assign({ error: ({ event }) => serverMessage(event.error), removingId: null }),
        },
      },
    },
    closed: finalState('Saved, or given up; the tree hears it and closes the dialog.', {
      entry: 'tellTreeClosed',
    }),
  },
})

export type ConditionalActor = ActorRefFrom<typeof conditionalMachine>
export type ConditionalSnapshot = SnapshotFrom<typeof conditionalMachine>
