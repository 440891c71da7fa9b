import { assign } from 'xstate'
import { keyOf } from './attributeTree.shape'
import { attributeTreeSetup } from './attributeTree.setup'

/*
 * The tree's other item dialogs: the Demo preview and the Conditional dialog (their own views),
 * and Add Existing and Remove Link, whose statecharts run as children while they are open.
 */

export const demoDialog = attributeTreeSetup.createStateConfig({
  description: "The 'AttributeKey Demo' dialog.",
  tags: ['dialog', 'demoDialog'],
  on: { 'tree.closeDialog': { target: 'idle', description: 'Close was pressed.' } },
})

export const conditionalDialog = attributeTreeSetup.createStateConfig({
  description: 'The Conditional Attribute dialog.',
  tags: ['dialog', 'conditionalDialog'],
  invoke: {
    id: 'conditional',
    src: 'conditional',
    input: ({ context, self }) => ({ associationId: context.targetId ?? '', tree: self }),
  },
  on: {
    'tree.closeDialog': {
      target: 'idle',
      description: 'Cancel was pressed, or Save stored the condition.',
    },
  },
})

export const attachDialog = attributeTreeSetup.createStateConfig({
  description: "The 'Add Existing' dialog is open.",
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
})

export const removeDialog = attributeTreeSetup.createStateConfig({
  description: "The dialog 'Remove {name}?' is open.",
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
        'The link was removed (a removed item is no longer selected), or Cancel was pressed.',
      actions: assign(({ context, event }) => ({
        selectedId:
          event.output && context.selectedId === context.targetId ? null : context.selectedId,
      })),
    },
  },
})
