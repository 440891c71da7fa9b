import { assign, enqueueActions, setup } from 'xstate'
import type { AttributeKeyAssociation } from '../../../../schema/attributes'
import { writeOpenItems } from '../../../data/prefs/treeOpen'
import { attachExistingMachine } from './attachExisting.machine'
import { attributeKeyMachine } from './attributeKey.machine'
import { attributeTreeActors } from './attributeTree.effects'
import { addedNotice, failedNotice } from './attributeTree.messages'
import {
  canCondition,
  editDialogOf,
  keyOf,
  reorderOf,
  revealed,
  toggled,
} from './attributeTree.shape'
import type { KeyDialog, TreeContext, TreeEvent } from './attributeTree.types'
import { conditionalMachine } from './conditional.machine'
import { keyNameMachine } from './keyName.machine'
import { removeLinkMachine } from './removeLink.machine'
import { notify } from '../../../kit/machines/system'

/*
 * The attribute tree's named effects, guards and actions (attributeTree.machine.ts draws the
 * chart); its state files build their pieces with `attributeTreeSetup.createStateConfig`.
 */

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

export const attributeTreeSetup = setup({
  types: { context: {} as TreeContext, events: {} as TreeEvent },
  actors: {
    ...attributeTreeActors(),
    attachExisting: attachExistingMachine,
    removeLink: removeLinkMachine,
    keyName: keyNameMachine,
    attributeKey: attributeKeyMachine,
    conditional: conditionalMachine,
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
    // The open key dialog's statechart, a child of the tree that tells it the outcome.
    spawnKeyDialog: enqueueActions(({ context, enqueue, self }) => {
      const dialog = context.dialog
      if (!dialog) return
      if (dialog.kind === 'leaf')
        enqueue.spawnChild('attributeKey', {
          id: 'attributeKey',
          input: { keyId: dialog.keyId, tree: self },
        })
      else
        enqueue.spawnChild('keyName', {
          id: 'keyName',
          input: {
            keyId: dialog.keyId,
            type: dialog.kind === 'trunk' ? 'ROOT' : 'BRANCH',
            tree: self,
          },
        })
    }),
    stopKeyDialog: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('attributeKey')
      enqueue.stopChild('keyName')
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
})
