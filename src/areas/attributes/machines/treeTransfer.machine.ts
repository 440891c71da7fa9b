import {
  assign,
  emit,
  fromPromise,
  sendTo,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { AttributeTree } from '../../../../schema/attribute-api'
import type { AttributeKeyAssociation } from '../../../../schema/attributes'
import { attributeServer, type AttributeServer } from '../../../data/api/attributes'
import { exportRoot, importTreeFile } from '../../../data/db/attributeTree'
import { treeFailure } from './attributeTree.messages'
import type { TreeRef } from './attributeTree.types'
import { notify } from '../../../kit/machines/system'
import {
  exportedNotice,
  exportFailedNotice,
  importedNotice,
  importFailedNotice,
} from './treeTransfer.messages'

type TransferContext = {
  /** The root being exported, and the name its file takes. */
  root: { id: string; name: string } | null
  file: File | null
  error: string | null
  imported: AttributeKeyAssociation | null
  /** The tree: it selects an imported root. */
  tree: TreeRef
}

export type TransferEvent =
  { type: 'transfer.export'; id: string; name: string } | { type: 'transfer.import'; file: File }

export type TransferInput = { tree: TreeRef }

/** What the page does with an export: saves the document as a file (DOM, so the view's part). */
export type TransferEmitted = { type: 'download'; tree: AttributeTree; fileName: string }

/** The transfer's effects, asking `server` (a test gives a stub; the cache writes stay real). */
export const treeTransferActors = (server: AttributeServer = attributeServer) => ({
  exportTree: fromPromise<AttributeTree, { id: string }>(({ input, signal }) =>
    exportRoot(input.id, { signal, server }),
  ),
  importTree: fromPromise<AttributeKeyAssociation, { file: File }>(({ input, signal }) =>
    importTreeFile(input.file, { signal, server }),
  ),
})

/** `<name>.attributes.json`, with what a file name cannot hold replaced. */
export const exportFileName = (name: string) =>
  `${name.trim().replace(/[\\/:*?"<>|]+/g, '_') || 'attributes'}.attributes.json`

/**
 * Export of a root and Import of an exported file (docs/attributes.md 'export format'). An export
 * is emitted for the page to download; an import answers the new top-level association, which the
 * tree is told to select. Both end in `idle` and are notified, a failure with its reason.
 */
export const treeTransferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as TransferInput,
    emitted: {} as TransferEmitted,
  },
  actors: treeTransferActors(),
  actions: {
    download: emit((_, params: { tree: AttributeTree; fileName: string }) => ({
      type: 'download' as const,
      ...params,
    })),
    showImported: sendTo(
      ({ context }) => context.tree,
      (_, link: AttributeKeyAssociation) => ({ type: 'tree.select' as const, id: link.id }),
    ),
    notifyExported: notify(({ context }: { context: TransferContext }) =>
      exportedNotice(context.root?.name),
    ),
    notifyExportFailed: notify(({ context }: { context: TransferContext }) =>
      exportFailedNotice(context.error),
    ),
    notifyImported: notify(importedNotice),
    notifyImportFailed: notify(({ context }: { context: TransferContext }) =>
      importFailedNotice(context.error),
    ),
  },
}).createMachine({
  id: 'treeTransfer',
  description: 'Exports a root to a file and imports an exported file.',
  context: ({ input }) => ({
    root: null,
    file: null,
    error: null,
    imported: null,
    tree: input.tree,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing is being exported or imported.',
      on: {
        'transfer.export': {
          target: 'exporting',
          description: 'Export was chosen on a root.',
          actions: assign({
            root: ({ event }) => ({ id: event.id, name: event.name }),
            error: null,
          }),
        },
        'transfer.import': {
          target: 'importing',
          description: 'A file was chosen for Import.',
          actions: assign({ file: ({ event }) => event.file, error: null }),
        },
      },
    },
    exporting: {
      description: 'Waits for the server to write the tree out.',
      tags: ['busy', 'exporting'],
      invoke: {
        id: 'exportTree',
        src: 'exportTree',
        input: ({ context }) => ({ id: context.root?.id ?? '' }),
        onDone: {
          target: 'idle',
          description:
            "The server wrote the tree out: the page downloaded the file, and '{name} was " +
            "exported' is notified.",
          actions: [
            {
              type: 'download',
              params: ({ context, event }) => ({
                tree: event.output,
                fileName: exportFileName(context.root?.name ?? ''),
              }),
            },
            'notifyExported',
          ],
        },
        onError: {
          target: 'idle',
          description: "The server refused the export: 'The export failed: {reason}' is notified.",
          actions: [
            assign({ error: ({ event }) => treeFailure(event.error) }),
            'notifyExportFailed',
          ],
        },
      },
    },
    importing: {
      description: 'Waits for the server to read the file and create the tree with new ids.',
      tags: ['busy', 'importing'],
      invoke: {
        id: 'importTree',
        src: 'importTree',
        input: ({ context }) => ({ file: context.file as File }),
        onDone: {
          target: 'idle',
          description:
            "The server created the tree: the tree selects the new trunk, and 'The tree was " +
            "imported' is notified.",
          actions: [
            assign({ imported: ({ event }) => event.output }),
            { type: 'showImported', params: ({ event }) => event.output },
            'notifyImported',
          ],
        },
        onError: {
          target: 'idle',
          description: "The server refused the file: 'The import failed: {reason}' is notified.",
          actions: [
            assign({ error: ({ event }) => treeFailure(event.error) }),
            'notifyImportFailed',
          ],
        },
      },
    },
  },
})

export type TreeTransferActor = ActorRefFrom<typeof treeTransferMachine>
export type TreeTransferSnapshot = SnapshotFrom<typeof treeTransferMachine>
