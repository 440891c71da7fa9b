import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { attachDialog, conditionalDialog, demoDialog, removeDialog } from './attributeTree.dialogs'
import { idle } from './attributeTree.idle'
import { keyDialog, linking } from './attributeTree.keyDialog'
import { reordering } from './attributeTree.reordering'
import { attributeTreeSetup } from './attributeTree.setup'
import { finalState } from '../../../kit/machines/finalState'

export type { KeyDialog, TreeEvent, TreeRef, TreeReport } from './attributeTree.types'

/**
 * The Attribute Editor's tree (SPEC.md §2 'Attributes', §4 'Attribute editor'): associations read
 * live from the cache, open and closed, selected and focused; the per-item actions open their
 * dialogs; a new key saved in a dialog is linked under its parent (first, sortOrder 0); siblings
 * reorder by drag, keyboard or Move up/down (optimistic, put back on failure). Add Existing and
 * Remove Link are child statecharts while their dialogs are open. Changes are notified here.
 *
 * The `action` region's states live beside this file: attributeTree.idle.ts, .keyDialog.ts,
 * .dialogs.ts and .reordering.ts; the effects, guards and actions in attributeTree.setup.ts.
 */
export const attributeTreeMachine = attributeTreeSetup.createMachine({
  id: 'attributeTree',
  meta: { spec: ['§2.12'] },
  description: 'The tree of attribute associations and the actions on its items.',
  context: {
    data: { links: [], keys: [] },
    conditioned: [],
    expanded: [],
    selectedId: null,
    focusedId: null,
    dialog: null,
    targetId: null,
    order: null,
    error: null,
  },
  // No onDone/onError: the watch reports a failed read as 'tree.failed' and never throws.
  invoke: [
    { id: 'watchTree', src: 'watchTree' },
    { id: 'watchConditions', src: 'watchConditions' },
    { id: 'restoreOpen', src: 'restoreOpen' },
  ],
  on: {
    'tree.conditioned': {
      description: 'The conditions in the cache changed: the items they include are marked.',
      actions: assign({ conditioned: ({ event }) => event.ids }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The page reads “Loading attributes…” while the cache is read the first time.',
      tags: ['busy', 'loading'],
      on: {
        'tree.restored': {
          description:
            'The items left open earlier in this browser session were opened again (at start).',
          actions: assign({ expanded: ({ event }) => event.expanded }),
        },
        'tree.loaded': {
          target: 'ready',
          description: 'The cache answered: the tree shows.',
          actions: 'keepData',
        },
        'tree.failed': { target: 'failed', description: 'The cache could not be read.' },
      },
    },
    failed: finalState('The cache could not be read; the page says so.', {
      tags: ['error', 'unreadable'],
    }),
    ready: {
      description: 'The Attribute Editor shows the tree.',
      type: 'parallel',
      states: {
        view: {
          description: 'Its rows follow the cache.',
          initial: 'shown',
          states: {
            shown: {
              meta: { spec: ['§2.12', '§4.17.7'] },
              description: 'A change to the cache shows at once, even behind a dialog.',
              on: {
                'tree.loaded': {
                  description: 'The cache changed (a save, the sync, another tab).',
                  actions: 'keepData',
                },
                'tree.failed': {
                  target: '#attributeTree.failed',
                  description: 'The cache could not be read any more.',
                },
              },
            },
          },
        },
        action: {
          description: 'The person does one thing at a time with it.',
          initial: 'idle',
          states: {
            idle,
            keyDialog,
            linking,
            demoDialog,
            conditionalDialog,
            attachDialog,
            removeDialog,
            reordering,
          },
        },
      },
    },
  },
})

export type AttributeTreeActor = ActorRefFrom<typeof attributeTreeMachine>
export type AttributeTreeSnapshot = SnapshotFrom<typeof attributeTreeMachine>
