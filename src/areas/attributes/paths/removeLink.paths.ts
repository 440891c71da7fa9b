import type { AttributeKeyAssociation } from '../../../../schema/attributes'
import {
  removeLinkMachine,
  type RemoveLinkEvent,
  type RemoveLinkSnapshot,
} from '../machines/removeLink.machine'
import { refusal } from './attributes.fixtures'
import { ID, SAMPLE, saved } from './attributeTree.fixtures'
import { definePaths } from '../../../flows/model'

const colour = SAMPLE.links[3] as AttributeKeyAssociation

const events = [
  { type: 'remove.confirm' },
  { type: 'remove.cancel' },
  { type: 'xstate.done.actor.unlink', output: saved(colour, { deleted: true }) },
  { type: 'xstate.error.actor.unlink', error: refusal(404, 'There is no such item.') },
] as unknown as RemoveLinkEvent[]

/** The dialog as a person sees it. */
function shows(s: RemoveLinkSnapshot): string | undefined {
  const asks = `The dialog asks “Remove ${s.context.name ?? ''}?”`
  if (s.matches('confirming')) return `${asks}; Cancel and Remove Link are on`
  if (s.matches('removing')) return `${asks}; Cancel is off while the server removes it`
  if (s.matches('failed')) return `${asks}; the message reads “${s.context.error ?? ''}”`
  if (s.matches('removed'))
    return `The dialog has closed; ${s.context.name ?? ''} is gone from the tree; the notice reads “${s.context.name ?? ''} was removed”`
  return `The dialog has closed; ${s.context.name ?? ''} stays in the tree`
}

export const removeLinkPaths = definePaths({
  name: 'Remove Link',
  machine: removeLinkMachine,
  events,
  // Remove Link on Colour, a leaf of Kitchen.
  input: { id: ID.colour, name: 'Colour' },
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.error]) +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''),
  shows,
})

export const models = [removeLinkPaths]
