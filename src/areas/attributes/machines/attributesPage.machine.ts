import { setup, type ActorRefFrom } from 'xstate'
import { attributeTreeMachine, type AttributeTreeActor } from './attributeTree.machine'
import { treeTransferMachine, type TreeTransferActor } from './treeTransfer.machine'

export type AttributesPageParts = { tree: AttributeTreeActor; transfer: TreeTransferActor }

/**
 * The Attribute Editor's page machine: it spawns the tree (which spawns its own dialogs) and the
 * import and export, which is told of the tree, as children the views only read and send to.
 */
export const attributesPageMachine = setup({
  types: { context: {} as AttributesPageParts },
  actors: { tree: attributeTreeMachine, transfer: treeTransferMachine },
}).createMachine({
  id: 'attributesPage',
  description: "The Attribute Editor's parts: the tree and the import and export.",
  context: ({ spawn }) => {
    const tree = spawn('tree', { id: 'tree' })
    return { tree, transfer: spawn('transfer', { id: 'transfer', input: { tree } }) }
  },
})

export type AttributesPageActor = ActorRefFrom<typeof attributesPageMachine>
