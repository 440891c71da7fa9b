import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { AttributeKeyAssociation } from '../../schema/attributes'
import {
  linkKey,
  reorderLinks,
  unlink,
  watchAttributeTree,
  type TreeData,
} from '../data/db/attributeTree'
import { readOpenItems, writeOpenItems } from '../data/prefs/treeOpen'
import { attachExistingMachine } from './attachExisting.machine'
import { treeFailure } from './attributeTree.messages'
import { ancestorsOf, canCondition, droppedOn, keyOf, linkOf, movedBy } from './attributeTree.shape'

/** Which key dialog is open: the trunk or branch name dialog, or the leaf AttributeKey dialog. */
export type KeyDialog = {
  kind: 'trunk' | 'branch' | 'leaf'
  /** The key edited; null for a new key, linked under `parentId` once saved. */
  keyId: string | null
  parentId: string | null
}

type TreeContext = {
  data: TreeData
  expanded: string[]
  selectedId: string | null
  focusedId: string | null
  dialog: KeyDialog | null
  /** The item a Demo, Conditional or Remove Link is about; Add Existing's parent (null: top). */
  targetId: string | null
  /** The order a reorder asks for. */
  order: { parentId: string; ids: string[] } | null
  /** Why the last tree change failed (notified), or why Remove Link failed (in its dialog). */
  error: string | null
}

export type TreeEvent =
  | { type: 'tree.restored'; expanded: string[] }
  | { type: 'tree.loaded'; data: TreeData }
  | { type: 'tree.failed'; error: unknown }
  | { type: 'tree.toggle'; id: string }
  | { type: 'tree.expand'; id: string }
  | { type: 'tree.collapse'; id: string }
  | { type: 'tree.focus'; id: string }
  | { type: 'tree.select'; id: string }
  | { type: 'tree.newTrunk' }
  | { type: 'tree.newBranch'; parentId: string }
  | { type: 'tree.newLeaf'; parentId: string }
  | { type: 'tree.edit'; id: string }
  | { type: 'tree.demo'; id: string }
  | { type: 'tree.conditional'; id: string }
  | { type: 'tree.addExisting'; parentId: string | null }
  | { type: 'tree.removeLink'; id: string }
  | { type: 'tree.move'; id: string; offset: -1 | 1 }
  | { type: 'tree.drop'; id: string; overId: string }
  | { type: 'tree.keySaved'; keyId: string }
  | { type: 'tree.closeDialog' }
  | { type: 'tree.confirm' }
  | { type: 'tree.cancel' }

const EMPTY: TreeData = { links: [], keys: [] }

/** Sends 'tree.loaded' with the cached tree now and after every change. */
const watchTree = fromCallback<TreeEvent>(({ sendBack }) =>
  watchAttributeTree({
    next: (data) => sendBack({ type: 'tree.loaded', data }),
    error: (error) => sendBack({ type: 'tree.failed', error }),
  }),
)

/** Sends 'tree.restored' at once with the items left open earlier in this browser session. */
const restoreOpen = fromCallback<TreeEvent>(({ sendBack }) => {
  sendBack({ type: 'tree.restored', expanded: readOpenItems() })
})

const link = fromPromise<AttributeKeyAssociation, { keyId: string; parentId: string | null }>(
  ({ input, signal }) =>
    linkKey({ attributeKeyId: input.keyId, parentAssociationId: input.parentId }, { signal }),
)

const reorder = fromPromise<AttributeKeyAssociation[], { parentId: string; ids: string[] }>(
  ({ input, signal }) =>
    reorderLinks({ parentAssociationId: input.parentId, ids: input.ids }, { signal }),
)

const remove = fromPromise<AttributeKeyAssociation, { id: string }>(({ input, signal }) =>
  unlink(input.id, { signal }),
)

const orderOf = (data: TreeData, id: string, ids: string[] | null) => {
  const parentId = linkOf(data, id)?.parentAssociationId
  return ids && parentId ? { parentId, ids } : null
}

/** Shows a linked item: its parents open, the item selected and focused. */
const reveal = (context: TreeContext, link: AttributeKeyAssociation | null | undefined) => {
  if (!link) return {}
  const parents = [...ancestorsOf(context.data, link.id)]
  if (link.parentAssociationId && !parents.includes(link.parentAssociationId))
    parents.push(link.parentAssociationId)
  return {
    expanded: [...new Set([...context.expanded, ...parents])],
    selectedId: link.id,
    focusedId: link.id,
  }
}

/**
 * The Attribute Editor's tree (SPEC.md §2 'Attributes', §4 'Attribute editor'): associations read
 * live from the cache, open and closed, selected and focused; the per-item actions open their
 * dialogs; a new key saved in a dialog is linked under its parent (first, sortOrder 0); siblings
 * reorder by drag, keyboard or Move up/down (optimistic, put back on failure); Remove Link after a
 * confirmation.
 */
export const attributeTreeMachine = setup({
  types: { context: {} as TreeContext, events: {} as TreeEvent },
  actors: {
    watchTree,
    restoreOpen,
    linkKey: link,
    reorderLinks: reorder,
    unlink: remove,
    attachExisting: attachExistingMachine,
  },
  guards: {
    isNewKey: ({ context }) => context.dialog?.keyId === null,
    canMove: ({ context, event }) =>
      event.type === 'tree.move' && movedBy(context.data, event.id, event.offset) !== null,
    canDrop: ({ context, event }) =>
      event.type === 'tree.drop' && droppedOn(context.data, event.id, event.overId) !== null,
    canCondition: ({ context, event }) =>
      event.type === 'tree.conditional' && canCondition(context.data, event.id),
  },
  actions: {
    keepData: assign({
      data: ({ context, event }) => (event.type === 'tree.loaded' ? event.data : context.data),
    }),
    // The open items outlive the page for the browser session (docs/console-attributes-tree.md).
    rememberOpen: ({ context }) => writeOpenItems(context.expanded),
    setTarget: assign({
      targetId: ({ event }) => ('id' in event ? event.id : null),
      error: null,
    }),
  },
}).createMachine({
  id: 'attributeTree',
  description: 'The tree of attribute associations and the actions on its items.',
  context: {
    data: EMPTY,
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
      description: 'The first read of the cache.',
      tags: ['busy'],
      on: {
        'tree.restored': {
          description:
            'The items left open earlier in this browser session are open again (sent at start).',
          actions: assign({ expanded: ({ event }) => event.expanded }),
        },
        'tree.loaded': { target: 'ready', description: 'The cache answered.', actions: 'keepData' },
        'tree.failed': { target: 'failed', description: 'The cache could not be read.' },
      },
    },
    failed: {
      description: 'The cache could not be read; the page says so.',
      tags: ['error'],
      type: 'final',
    },
    ready: {
      description: 'The tree is shown and follows the cache; the person acts on it.',
      type: 'parallel',
      states: {
        view: {
          description: 'The rows the tree shows, following the cache whatever the person is doing.',
          initial: 'shown',
          states: {
            shown: {
              description: 'Every change to the cache shows at once, even behind a dialog.',
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
          description: 'What the person is doing with the tree: nothing, or one dialog or change.',
          initial: 'idle',
          states: {
            idle: {
              description:
                'The tree with its add button and item menus; the person moves around it.',
              on: {
                'tree.toggle': {
                  description: 'An item was opened or closed (its chevron, or a click).',
                  actions: [
                    assign({
                      expanded: ({ context, event }) =>
                        context.expanded.includes(event.id)
                          ? context.expanded.filter((id) => id !== event.id)
                          : [...context.expanded, event.id],
                    }),
                    'rememberOpen',
                  ],
                },
                'tree.expand': {
                  description: 'Right arrow on a closed item.',
                  actions: [
                    assign({
                      expanded: ({ context, event }) => [
                        ...new Set([...context.expanded, event.id]),
                      ],
                    }),
                    'rememberOpen',
                  ],
                },
                'tree.collapse': {
                  description: 'Left arrow on an open item.',
                  actions: [
                    assign({
                      expanded: ({ context, event }) =>
                        context.expanded.filter((id) => id !== event.id),
                    }),
                    'rememberOpen',
                  ],
                },
                'tree.focus': {
                  description: 'Keyboard focus moved to an item.',
                  actions: assign({ focusedId: ({ event }) => event.id }),
                },
                'tree.select': {
                  description: 'An item was clicked, or Enter or Space pressed on it.',
                  actions: assign({
                    selectedId: ({ event }) => event.id,
                    focusedId: ({ event }) => event.id,
                  }),
                },
                'tree.newTrunk': {
                  target: 'keyDialog',
                  description: "'New Trunk': the 'AttributeKey Trunk' dialog for a new ROOT key.",
                  actions: assign({
                    dialog: { kind: 'trunk', keyId: null, parentId: null },
                    error: null,
                  }),
                },
                'tree.newBranch': {
                  target: 'keyDialog',
                  description:
                    "'New Branch': the 'AttributeKey Branch' dialog for a new BRANCH key.",
                  actions: assign({
                    dialog: ({ event }) => ({
                      kind: 'branch',
                      keyId: null,
                      parentId: event.parentId,
                    }),
                    error: null,
                  }),
                },
                'tree.newLeaf': {
                  target: 'keyDialog',
                  description: "'New Leaf': the AttributeKey dialog for a new leaf key.",
                  actions: assign({
                    dialog: ({ event }) => ({
                      kind: 'leaf',
                      keyId: null,
                      parentId: event.parentId,
                    }),
                    error: null,
                  }),
                },
                'tree.edit': {
                  target: 'keyDialog',
                  description: "'Edit': the dialog that fits the item's key type.",
                  actions: assign({
                    dialog: ({ context, event }) => {
                      const key = keyOf(context.data, event.id)
                      const kind =
                        key?.type === 'ROOT' ? 'trunk' : key?.type === 'BRANCH' ? 'branch' : 'leaf'
                      return { kind, keyId: key?.id ?? null, parentId: null }
                    },
                    error: null,
                  }),
                },
                'tree.demo': {
                  target: 'demoDialog',
                  description: "'Demo': the 'AttributeKey Demo' preview of a leaf.",
                  actions: 'setTarget',
                },
                'tree.conditional': {
                  guard: 'canCondition',
                  target: 'conditionalDialog',
                  description: "'Conditional' on a leaf that has later siblings.",
                  actions: 'setTarget',
                },
                'tree.addExisting': {
                  target: 'attachDialog',
                  description: "'Add Existing': pick a key to link here.",
                  actions: assign({ targetId: ({ event }) => event.parentId, error: null }),
                },
                'tree.removeLink': {
                  target: 'confirmingRemove',
                  description: "'Remove Link': asks first.",
                  actions: 'setTarget',
                },
                'tree.move': {
                  guard: 'canMove',
                  target: 'reordering',
                  description: "'Move up' or 'Move down' on an item that can go there.",
                  actions: assign({
                    order: ({ context, event }) =>
                      orderOf(
                        context.data,
                        event.id,
                        movedBy(context.data, event.id, event.offset),
                      ),
                    error: null,
                  }),
                },
                'tree.drop': {
                  guard: 'canDrop',
                  target: 'reordering',
                  description: 'An item was dragged (pointer or keyboard) onto a sibling.',
                  actions: assign({
                    order: ({ context, event }) =>
                      orderOf(
                        context.data,
                        event.id,
                        droppedOn(context.data, event.id, event.overId),
                      ),
                    error: null,
                  }),
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
                  actions: [
                    assign(({ context, event }) => ({
                      ...reveal(context, event.output),
                      error: null,
                    })),
                    'rememberOpen',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({ error: ({ event }) => treeFailure(event.error) }),
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
              on: { 'tree.closeDialog': { target: 'idle', description: 'Cancel or Save.' } },
            },
            attachDialog: {
              description: 'The Add Existing dialog.',
              tags: ['dialog', 'attachDialog'],
              // No onError: the child keeps a refusal in its own dialog and always ends in onDone.
              invoke: {
                id: 'attachExisting',
                src: 'attachExisting',
                input: ({ context }) => ({ parentId: context.targetId }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => reveal(context, event.output)),
                    'rememberOpen',
                  ],
                },
              },
            },
            confirmingRemove: {
              description: "'Remove {name}?' with Cancel and Remove Link.",
              tags: ['dialog', 'removeDialog'],
              on: {
                'tree.confirm': { target: 'removing', description: 'Remove Link was pressed.' },
                'tree.cancel': {
                  target: 'idle',
                  description: 'Cancel, Escape or a click outside.',
                },
              },
            },
            removing: {
              description: 'The server removes the link and everything below it.',
              tags: ['dialog', 'removeDialog', 'busy', 'removing'],
              invoke: {
                id: 'unlink',
                src: 'unlink',
                input: ({ context }) => ({ id: context.targetId ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context }) => ({
                    selectedId: context.selectedId === context.targetId ? null : context.selectedId,
                    error: null,
                  })),
                },
                onError: {
                  target: 'removeFailed',
                  actions: assign({ error: ({ event }) => treeFailure(event.error) }),
                },
              },
            },
            removeFailed: {
              description: 'The removal failed; the dialog shows why and offers it again.',
              tags: ['dialog', 'removeDialog', 'error'],
              on: {
                'tree.confirm': {
                  target: 'removing',
                  description: 'Remove Link was pressed again.',
                },
                'tree.cancel': {
                  target: 'idle',
                  description: 'The person gave up.',
                  actions: assign({ error: null }),
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
                onDone: { target: 'idle', actions: assign({ order: null, error: null }) },
                onError: {
                  target: 'idle',
                  description: 'Refused: the cache has the old order back; the reason is notified.',
                  actions: assign({ order: null, error: ({ event }) => treeFailure(event.error) }),
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
