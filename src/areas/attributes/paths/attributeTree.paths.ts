import type { AttributeKeyAssociation } from '../../../../schema/attributes'
import {
  attributeTreeMachine,
  type AttributeTreeSnapshot,
  type TreeEvent,
} from '../machines/attributeTree.machine'
import { shownName } from '../machines/attributeTree.messages'
import { keyOf, visibleNodes } from '../machines/attributeTree.shape'
import { refusal } from './attributes.fixtures'
import { aLink, ID, SAMPLE, saved } from './attributeTree.fixtures'
import { definePaths } from '../../../flows/model'

const events = [
  { type: 'tree.restored', expanded: [ID.trunk] },
  { type: 'tree.loaded', data: SAMPLE },
  { type: 'tree.failed', error: new Error('The cache is gone.') },
  { type: 'tree.conditioned', ids: [ID.colour] },
  { type: 'tree.toggle', id: ID.trunk },
  { type: 'tree.expand', id: ID.trunk },
  { type: 'tree.collapse', id: ID.trunk },
  { type: 'tree.focus', id: ID.trunk },
  { type: 'tree.select', id: ID.trunk },
  { type: 'tree.newTrunk' },
  { type: 'tree.newBranch', parentId: ID.trunk },
  { type: 'tree.newLeaf', parentId: ID.trunk },
  { type: 'tree.edit', id: ID.branch },
  { type: 'tree.demo', id: ID.width },
  { type: 'tree.conditional', id: ID.width },
  { type: 'tree.addExisting', parentId: null },
  { type: 'tree.removeLink', id: ID.colour },
  { type: 'tree.move', id: ID.colour, offset: -1 },
  { type: 'tree.drop', id: ID.width, overId: ID.branch },
  { type: 'tree.keySaved', keyId: ID.kNew },
  { type: 'tree.closeDialog' },
  { type: 'xstate.done.actor.linkKey', output: aLink(ID.linkNew, ID.kNew, ID.trunk, 0) },
  { type: 'xstate.error.actor.linkKey', error: refusal(422, 'The parent is not live.') },
  { type: 'xstate.done.actor.reorderLinks', output: [] },
  {
    type: 'xstate.error.actor.reorderLinks',
    error: refusal(409, 'The siblings changed meanwhile.'),
  },
  // The Remove Link dialog's own statechart (removeLink.paths.ts) ends removed, or given up.
  {
    type: 'xstate.done.actor.removeLink',
    output: saved(SAMPLE.links[3] as AttributeKeyAssociation, { deleted: true }),
  },
  { type: 'xstate.done.actor.removeLink', output: null },
  { type: 'xstate.done.actor.attachExisting', output: aLink(ID.linkNew, ID.kSpare, null, 0) },
  { type: 'xstate.done.actor.attachExisting', output: null },
] as unknown as TreeEvent[]

// The dialog matters while it is open and while its key is linked; elsewhere the path says enough.
const dialogOf = (s: AttributeTreeSnapshot) =>
  s.hasTag('keyDialog') || s.hasTag('linking')
    ? JSON.stringify([s.context.dialog?.kind, s.context.dialog?.keyId === null])
    : ''

// A child dialog that ends with nothing (closed, given up) takes another branch than one that
// linked or removed: its own path.
const endedEmpty = (event: TreeEvent) => 'output' in event && event.output === null

const DIALOG_TITLE = {
  trunk: "the 'AttributeKey Trunk' dialog",
  branch: "the 'AttributeKey Branch' dialog",
  leaf: "the 'AttributeKey' dialog",
}

/** The page as a person sees it: the rows, which is selected, the open dialog. */
function shows(s: AttributeTreeSnapshot): string | undefined {
  if (s.matches('loading')) return 'The page reads “Loading attributes…”'
  if (s.matches('failed'))
    return 'The page says “The attributes could not be read from this browser’s data.”'
  const { data, expanded, selectedId, dialog, targetId, conditioned } = s.context
  const marked = new Set(conditioned)
  const rows = visibleNodes(data, expanded).map(
    (n) => shownName(n.name) + (marked.has(n.id) ? ' (Conditional)' : ''),
  )
  const parts = [`The tree shows ${rows.join(', ') || 'nothing yet'}`]
  const selected = keyOf(data, selectedId)
  if (selected) parts.push(`${shownName(selected.name)} is selected`)
  const target = shownName(keyOf(data, targetId)?.name)
  if (s.matches({ ready: { action: 'keyDialog' } }) && dialog)
    parts.push(`${DIALOG_TITLE[dialog.kind]} is open`)
  if (s.matches({ ready: { action: 'linking' } })) parts.push('the new key is being linked')
  if (s.matches({ ready: { action: 'demoDialog' } }))
    parts.push(`the 'AttributeKey Demo' dialog shows ${target}`)
  if (s.matches({ ready: { action: 'conditionalDialog' } }))
    parts.push(`the 'Conditional Attribute' dialog is open for ${target}`)
  if (s.matches({ ready: { action: 'attachDialog' } }))
    parts.push("the 'Add Existing' dialog is open")
  if (s.matches({ ready: { action: 'removeDialog' } })) parts.push(`it asks “Remove ${target}?”`)
  if (s.matches({ ready: { action: 'reordering' } })) parts.push('the new order is being stored')
  if (s.context.error) parts.push(`the notice reads “${s.context.error}”`)
  return parts.join('; ')
}

export const attributeTreePaths = definePaths({
  name: 'Attribute Editor',
  machine: attributeTreeMachine,
  events,
  // The conditions' watch reports whenever they change; a person sees its mark on the idle tree.
  filterEvents: (s, event) =>
    event.type !== 'tree.conditioned' || s.matches({ ready: { action: 'idle' } }),
  serializeState: (s, event, previous) =>
    JSON.stringify(s.value) +
    dialogOf(s) +
    (event && previous
      ? ` via ${event.type}${endedEmpty(event) ? ' (nothing)' : ''} from ${JSON.stringify(previous.value)} ${dialogOf(previous)}`
      : ''),
  shows,
  // The key 'Remove …?' names, or the one a notice names: just linked, and selected.
  values: (s) => {
    const { data, targetId, selectedId } = s.context
    const asked = s.matches({ ready: { action: 'removeDialog' } })
    return { name: shownName(keyOf(data, asked ? targetId : selectedId)?.name) }
  },
})

export const models = [attributeTreePaths]
