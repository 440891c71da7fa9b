import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AttributeTree } from '../../schema/attribute-api'
import type { AttributeKeyAssociation } from '../../schema/attributes'
import { exportRoot, importTreeFile } from '../data/db/attributeTree'
import { treeFailure } from './attributeTree.messages'

type TransferContext = {
  /** The root being exported, and the name its file takes. */
  root: { id: string; name: string } | null
  file: File | null
  error: string | null
  imported: AttributeKeyAssociation | null
}

export type TransferEvent =
  { type: 'transfer.export'; id: string; name: string } | { type: 'transfer.import'; file: File }

const exportTree = fromPromise<AttributeTree, { id: string }>(({ input, signal }) =>
  exportRoot(input.id, { signal }),
)
const importTree = fromPromise<AttributeKeyAssociation, { file: File }>(({ input, signal }) =>
  importTreeFile(input.file, { signal }),
)

/** `<name>.attributes.json`, with what a file name cannot hold replaced. */
export const exportFileName = (name: string) =>
  `${name.trim().replace(/[\\/:*?"<>|]+/g, '_') || 'attributes'}.attributes.json`

/**
 * Export of a root and Import of an exported file (docs/attributes.md 'export format'). An export
 * is handed to the view to download; an import answers the new top-level association, which the
 * view selects. Both end in `idle`; a failure leaves its reason in `error`, which the view notifies.
 */
export const treeTransferMachine = setup({
  types: { context: {} as TransferContext, events: {} as TransferEvent },
  actors: { exportTree, importTree },
  actions: {
    // Provided by the view: saves the document as a file (DOM).
    download: (_, _params: { tree: AttributeTree; fileName: string }) => {},
    // Provided by the view: selects the imported root.
    showImported: (_, _link: AttributeKeyAssociation) => {},
  },
}).createMachine({
  id: 'treeTransfer',
  description: 'Exports a root to a file and imports an exported file.',
  context: { root: null, file: null, error: null, imported: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing under way.',
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
      description: 'The server writes the tree out.',
      tags: ['busy'],
      invoke: {
        id: 'exportTree',
        src: 'exportTree',
        input: ({ context }) => ({ id: context.root?.id ?? '' }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'download',
            params: ({ context, event }) => ({
              tree: event.output,
              fileName: exportFileName(context.root?.name ?? ''),
            }),
          },
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => treeFailure(event.error) }),
        },
      },
    },
    importing: {
      description: 'The server reads the file and creates the tree with new ids.',
      tags: ['busy'],
      invoke: {
        id: 'importTree',
        src: 'importTree',
        input: ({ context }) => ({ file: context.file as File }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ imported: ({ event }) => event.output }),
            { type: 'showImported', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => treeFailure(event.error) }),
        },
      },
    },
  },
})

export type TreeTransferActor = ActorRefFrom<typeof treeTransferMachine>
export type TreeTransferSnapshot = SnapshotFrom<typeof treeTransferMachine>
