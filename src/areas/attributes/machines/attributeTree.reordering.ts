import { assign } from 'xstate'
import { treeFailure } from './attributeTree.messages'
import { attributeTreeSetup } from './attributeTree.setup'

/**
 * The tree's `action.reordering` state: the new sibling order shows at once (optimistic) while
 * the server stores it; a refusal puts the old order back and is notified.
 */
export const reordering = attributeTreeSetup.createStateConfig({
  meta: { spec: ['§2.12', '§4.17.6'] },
  description: 'The new sibling order shows at once while the server stores it.',
  tags: ['busy', 'reordering'],
  invoke: {
    id: 'reorderLinks',
    src: 'reorderLinks',
    input: ({ context }) => context.order ?? { parentId: '', ids: [] },
    onDone: {
      target: 'idle',
      description: 'The server stored the new order.',
      actions: assign({ order: null, error: null }),
    },
    onError: {
      target: 'idle',
      description:
        'The server refused the new order: the cache has the old order back, and the ' +
        'reason is notified.',
      actions: [
        assign({ order: null, error: ({ event }) => treeFailure(event.error) }),
        'notifyFailure',
      ],
    },
  },
})
