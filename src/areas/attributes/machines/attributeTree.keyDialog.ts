import { assign } from 'xstate'
import { treeFailure } from './attributeTree.messages'
import { attributeTreeSetup } from './attributeTree.setup'

/*
 * The tree's key dialog (`action.keyDialog`) and what follows a new key's save (`action.linking`):
 * the key is linked first among its parent's children, then shown, selected and notified.
 */

export const keyDialog = attributeTreeSetup.createStateConfig({
  description: 'A key dialog is open (trunk, branch or the leaf AttributeKey dialog).',
  tags: ['dialog', 'keyDialog'],
  entry: 'spawnKeyDialog',
  exit: 'stopKeyDialog',
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
})

export const linking = attributeTreeSetup.createStateConfig({
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
      actions: [assign({ error: ({ event }) => treeFailure(event.error) }), 'notifyFailure'],
    },
  },
})
