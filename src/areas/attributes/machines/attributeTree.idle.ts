import { assign } from 'xstate'
import { attributeTreeSetup } from './attributeTree.setup'

/**
 * The tree's `action.idle` state: no dialog is open, so rows open, close, take focus and
 * selection, and each item action opens its dialog or starts a reorder.
 */
export const idle = attributeTreeSetup.createStateConfig({
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
      meta: { spec: ['§2.12', '§4.17.1'] },
      target: 'keyDialog',
      description:
        "'New Trunk' was picked: the 'AttributeKey Trunk' dialog opened for a new ROOT key.",
      actions: 'openKeyDialog',
    },
    'tree.newBranch': {
      meta: { spec: ['§2.12', '§4.17.1'] },
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
      description: "'Edit' was picked on an item: the dialog that fits its key's type opened.",
      actions: 'openKeyDialog',
    },
    'tree.demo': {
      target: 'demoDialog',
      description: "'Demo' was picked on a leaf: the 'AttributeKey Demo' preview opened.",
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
      description: "'Add Existing' was picked: a dialog to pick a key to link here opened.",
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
})
