import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AttributeKeyAssociation } from '../../../../schema/attributes'
import { writeOpenItems } from '../../../data/prefs/treeOpen'
import { attachExistingMachine } from './attachExisting.machine'
import { attributeTreeActors } from './attributeTree.effects'
import { addedNotice, failedNotice, treeFailure } from './attributeTree.messages'
import {
  canCondition,
  editDialogOf,
  keyOf,
  reorderOf,
  revealed,
  toggled,
} from './attributeTree.shape'
import type { KeyDialog, TreeContext, TreeEvent } from './attributeTree.types'
import { removeLinkMachine } from './removeLink.machine'
import { notify } from '../../../kit/machines/system'

export type { KeyDialog, TreeEvent, TreeRef, TreeReport } from './attributeTree.types'

/** The key dialog an event opens: a new trunk, branch or leaf, or the edited item's own kind. */
function dialogFor(context: TreeContext, event: TreeEvent): KeyDialog | null {
  if (event.type === 'tree.newTrunk') return { kind: 'trunk', keyId: null, parentId: null }
  if (event.type === 'tree.newBranch')
    return { kind: 'branch', keyId: null, parentId: event.parentId }
  if (event.type === 'tree.newLeaf') return { kind: 'leaf', keyId: null, parentId: event.parentId }
  return event.type === 'tree.edit' ? editDialogOf(context.data, event.id) : null
}

const reorderFor = (context: TreeContext, event: TreeEvent) =>
  event.type === 'tree.move' || event.type === 'tree.drop' ? reorderOf(context.data, event) : null

/**
 * The Attribute Editor's tree (SPEC.md §2 'Attributes', §4 'Attribute editor'): associations read
 * live from the cache, open and closed, selected and focused; the per-item actions open their
 * dialogs; a new key saved in a dialog is linked under its parent (first, sortOrder 0); siblings
 * reorder by drag, keyboard or Move up/down (optimistic, put back on failure). Add Existing and
 * Remove Link are child statecharts while their dialogs are open. Changes are notified here.
 */
export const attributeTreeMachine = setup({
  types: { context: {} as TreeContext, events: {} as TreeEvent },
  actors: {
    ...attributeTreeActors(),
    attachExisting: attachExistingMachine,
    removeLink: removeLinkMachine,
  },
  guards: {
    isNewKey: ({ context }) => context.dialog?.keyId === null,
    canReorder: ({ context, event }) => reorderFor(context, event) !== null,
    hasLinked: (_, link: AttributeKeyAssociation | null) => link !== null,
    canCondition: ({ context, event }) =>
      event.type === 'tree.conditional' && canCondition(context.data, event.id),
  },
  actions: {
    keepData: assign({
      data: ({ context, event }) => (event.type === 'tree.loaded' ? event.data : context.data),
    }),
    openOrClose: assign({
      expanded: ({ context, event }) =>
        event.type === 'tree.toggle' ||
        event.type === 'tree.expand' ||
        event.type === 'tree.collapse'
          ? toggled(context.expanded, event.id, event.type.slice('tree.'.length) as 'toggle')
          : context.expanded,
    }),
    // The open items outlive the page for the browser session (docs/console-attributes-tree.md).
    rememberOpen: ({ context }) => writeOpenItems(context.expanded),
    openKeyDialog: assign({
      dialog: ({ context, event }) => dialogFor(context, event),
      error: null,
    }),
    setTarget: assign({
      targetId: ({ event }) =>
        'id' in event ? event.id : 'parentId' in event ? event.parentId : null,
      error: null,
    }),
    planReorder: assign({ order: ({ context, event }) => reorderFor(context, event), error: null }),
    revealLinked: assign(({ context }, link: AttributeKeyAssociation | null) =>
      revealed(context.data, context.expanded, link),
    ),
    notifyAdded: notify(({ context }: { context: TreeContext }) =>
      addedNotice(keyOf(context.data, context.selectedId)?.name),
    ),
    notifyFailure: notify(({ context }: { context: TreeContext }) => failedNotice(context.error)),
  },
}).createMachine({
  id: 'attributeTree',
  description: 'The tree of attribute associations and the actions on its items.',
  context: {
    data: { links: [], keys: [] },
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
    { id: 'restoreOpen', src: 'restoreOpen' },
  ],
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
    failed: {
      description: 'The cache could not be read; the page says so.',
      tags: ['error', 'unreadable'],
      type: 'final',
    },
    ready: {
      description: 'The Attribute Editor shows the tree.',
      type: 'parallel',
      states: {
        view: {
          description: 'Its rows follow the cache.',
          initial: 'shown',
          states: {
            shown: {
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
            idle: {
              description: 'No dialog is open; the Add button and the item menus are on.',
              on: {
                'tree.toggle': {
                  description: 'An item was opened or closed (its chevron, or a click).',
                  actions: ['openOrClose', 'rememberOpen'],
                },
                'tree.expand': {
                  description: 'Right arrow was pressed on a closed item: it opened.',
                  actions: ['openOrClose', 'rememberOpen'],
                },
                'tree.collapse': {
                  description: 'Left arrow was pressed on an open item: it closed.',
                  actions: ['openOrClose', 'rememberOpen'],
                },
                'tree.focus': {
                  description: 'Keyboard focus moved to an item.',
                  actions: assign({ focusedId: ({ event }) => event.id }),
                },
                'tree.select': {
                  description: 'An item was clicked, Enter or Space pressed on it, or imported.',
                  actions: assign({
                    selectedId: ({ event }) => event.id,
                    focusedId: ({ event }) => event.id,
                  }),
                },
                'tree.newTrunk': {
                  target: 'keyDialog',
                  description:
                    "'New Trunk' was picked: the 'AttributeKey Trunk' dialog opened for a new ROOT key.",
                  actions: 'openKeyDialog',
                },
                'tree.newBranch': {
                  target: 'keyDialog',
                  description:
                    "'New Branch' was picked on an item: the 'AttributeKey Branch' dialog opened " +
                    'for a new BRANCH key under it.',
                  actions: 'openKeyDialog',
                },
                'tree.newLeaf': {
                  target: 'keyDialog',
                  description:
                    "'New Leaf' was picked on an item: the 'AttributeKey' dialog opened for a " +
                    'new leaf key under it.',
                  actions: 'openKeyDialog',
                },
                'tree.edit': {
                  target: 'keyDialog',
                  description:
                    "'Edit' was picked on an item: the dialog that fits its key's type opened.",
                  actions: 'openKeyDialog',
                },
                'tree.demo': {
                  target: 'demoDialog',
                  description:
                    "'Demo' was picked on a leaf: the 'AttributeKey Demo' preview opened.",
                  actions: 'setTarget',
                },
                'tree.conditional': {
                  guard: 'canCondition',
                  target: 'conditionalDialog',
                  description: "'Conditional' was picked on a leaf that has later siblings.",
                  actions: 'setTarget',
                },
                'tree.addExisting': {
                  target: 'attachDialog',
                  description:
                    "'Add Existing' was picked: a dialog to pick a key to link here opened.",
                  actions: 'setTarget',
                },
                'tree.removeLink': {
                  target: 'removeDialog',
                  description: "'Remove Link' was picked on an item: the page asks first.",
                  actions: 'setTarget',
                },
                'tree.move': {
                  guard: 'canReorder',
                  target: 'reordering',
                  description: "'Move up' or 'Move down' was picked on an item that can go there.",
                  actions: 'planReorder',
                },
                'tree.drop': {
                  guard: 'canReorder',
                  target: 'reordering',
                  description: 'An item was dragged (pointer or keyboard) onto a sibling.',
                  actions: 'planReorder',
                },
              },
            },
            keyDialog: {
              description: 'A key dialog is open (trunk, branch or the leaf AttributeKey dialog).',
              tags: ['dialog', 'keyDialog'],
              on: {
                'tree.keySaved': [
                  {
                    guard: 'isNewKey',
                    target: 'linking',
                    description: 'A new key was saved: it is linked under its parent next.',
                    actions: assign({
                      dialog: ({ context, event }) =>
                        context.dialog ? { ...context.dialog, keyId: event.keyId } : null,
                    }),
                  },
                  {
                    target: 'idle',
                    description: 'An existing key was saved; every link shows it.',
                  },
                ],
                'tree.closeDialog': {
                  target: 'idle',
                  description: 'The dialog was closed unsaved.',
                },
              },
            },
            linking: {
              description: 'The new key is linked into the tree (first among its siblings).',
              tags: ['busy', 'linking'],
              invoke: {
                id: 'linkKey',
                src: 'linkKey',
                input: ({ context }) => ({
                  keyId: context.dialog?.keyId ?? '',
                  parentId: context.dialog?.parentId ?? null,
                }),
                onDone: {
                  target: 'idle',
                  description:
                    "The server linked the new key: the item shows, selected, and '{name} was " +
                    "added' is notified.",
                  actions: [
                    { type: 'revealLinked', params: ({ event }) => event.output },
                    assign({ error: null }),
                    'rememberOpen',
                    'notifyAdded',
                  ],
                },
                onError: {
                  target: 'idle',
                  description: 'The server refused the link: the reason is notified.',
                  actions: [
                    assign({ error: ({ event }) => treeFailure(event.error) }),
                    'notifyFailure',
                  ],
                },
              },
            },
            demoDialog: {
              description: "The 'AttributeKey Demo' dialog.",
              tags: ['dialog', 'demoDialog'],
              on: { 'tree.closeDialog': { target: 'idle', description: 'Close was pressed.' } },
            },
            conditionalDialog: {
              description: 'The Conditional Attribute dialog.',
              tags: ['dialog', 'conditionalDialog'],
              on: {
                'tree.closeDialog': {
                  target: 'idle',
                  description: 'Cancel was pressed, or Save stored the condition.',
                },
              },
            },
            attachDialog: {
              description: 'The Add Existing dialog (its own statechart, attachExisting).',
              tags: ['dialog', 'attachDialog'],
              // No onError: the child keeps a refusal in its own dialog and always ends in onDone.
              invoke: {
                id: 'attachExisting',
                src: 'attachExisting',
                input: ({ context }) => ({ parentId: context.targetId }),
                onDone: [
                  {
                    guard: { type: 'hasLinked', params: ({ event }) => event.output },
                    target: 'idle',
                    description:
                      "A key was linked in 'Add Existing': the item shows, selected, and " +
                      "'{name} was added' is notified.",
                    actions: [
                      { type: 'revealLinked', params: ({ event }) => event.output },
                      'rememberOpen',
                      'notifyAdded',
                    ],
                  },
                  { target: 'idle', description: "'Add Existing' was closed without linking." },
                ],
              },
            },
            removeDialog: {
              description: "'Remove {name}?' (its own statechart, removeLink).",
              tags: ['dialog', 'removeDialog'],
              // No onError: the child keeps a refusal in its own dialog and always ends in onDone.
              invoke: {
                id: 'removeLink',
                src: 'removeLink',
                input: ({ context }) => ({
                  id: context.targetId ?? '',
                  name: keyOf(context.data, context.targetId)?.name,
                }),
                onDone: {
                  target: 'idle',
                  description:
                    'The link was removed (a removed item is no longer selected), or Cancel was ' +
                    'pressed.',
                  actions: assign(({ context, event }) => ({
                    selectedId:
                      event.output && context.selectedId === context.targetId
                        ? null
                        : context.selectedId,
                  })),
                },
              },
            },
            reordering: {
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
            },
          },
        },
      },
    },
  },
})

export type AttributeTreeActor = ActorRefFrom<typeof attributeTreeMachine>
export type AttributeTreeSnapshot = SnapshotFrom<typeof attributeTreeMachine>
