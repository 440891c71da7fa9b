import { createEmptyActor } from 'xstate'
import type { AttributeTree } from '../../../../schema/attribute-api'
import { shownName } from '../machines/attributeTree.messages'
import {
  exportFileName,
  treeTransferMachine,
  type TransferEvent,
  type TreeTransferSnapshot,
} from '../machines/treeTransfer.machine'
import { refusal } from './attributes.fixtures'
import { aLink, ID } from './attributeTree.fixtures'
import { definePaths } from '../../../flows/model'

/** An exported tree: Spare, a trunk with nothing under it. */
export const document: AttributeTree = {
  format: 'gatehouse.attribute-tree',
  version: 1,
  keys: [
    {
      ref: 'k1',
      name: 'Spare',
      prompt: null,
      type: 'ROOT',
      controlType: null,
      config: '{}',
      imagePath: null,
      skuId: null,
      erpId: null,
      options: [],
    },
  ],
  root: { keyRef: 'k1', includeWhen: [], children: [] },
}
// The imported trunk, as the server answers it.
const imported = aLink(ID.linkNew, ID.kSpare, null, 0)
export const file = new File([JSON.stringify(document)], 'Spare.attributes.json', {
  type: 'application/json',
})

const events = [
  { type: 'transfer.export', id: ID.trunk, name: 'Kitchen' },
  { type: 'transfer.import', file },
  { type: 'xstate.done.actor.exportTree', output: document },
  { type: 'xstate.error.actor.exportTree', error: refusal(404, 'There is no such item.') },
  { type: 'xstate.done.actor.importTree', output: imported },
  {
    type: 'xstate.error.actor.importTree',
    error: refusal(422, 'The file is not an exported tree.'),
  },
] as unknown as TransferEvent[]

/** What the page shows of the transfer: the Add button while it runs, the last notice. */
function shows(s: TreeTransferSnapshot): string | undefined {
  if (s.matches('exporting')) return `${shownName(s.context.root?.name)} is being exported`
  if (s.matches('importing'))
    return `${s.context.file?.name ?? 'The file'} is being imported; the Add button is off`
  const { error, imported, root } = s.context
  if (error) return `The notice says it failed: “${error}”`
  if (imported) return 'The imported trunk is selected; the notice reads “The tree was imported”'
  if (root)
    return `The file ${exportFileName(root.name)} is downloaded; the notice reads “${shownName(root.name)} was exported”`
  return 'The Attribute Editor; nothing is being exported or imported'
}

export const treeTransferPaths = definePaths({
  name: 'Export and Import',
  machine: treeTransferMachine,
  events,
  input: { tree: createEmptyActor() },
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.error]) +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''),
  shows,
  detail: (event) =>
    event.type === 'transfer.export'
      ? `(${event.name})`
      : event.type === 'transfer.import'
        ? `(${event.file.name})`
        : undefined,
})

export const models = [treeTransferPaths]
