import { createEmptyActor } from 'xstate'
import {
  keyNameMachine,
  type KeyNameEvent,
  type KeyNameSnapshot,
} from '../machines/keyName.machine'
import { refusal } from './attributes.fixtures'
import { aKey, ID, saved } from './attributeTree.fixtures'
import { definePaths } from '../../../flows/model'
import { typed } from '../../../kit/paths/typed'

const branch = aKey(ID.kBranch, 'Doors', 'BRANCH')
const renamed = saved(branch, { name: 'Drawers' })

const events = [
  { type: 'xstate.done.actor.readKey', output: branch },
  { type: 'xstate.error.actor.readKey', error: new Error('The cache could not be read.') },
  { type: 'keyName.edit', value: 'Drawers' },
  // Back to the loaded name, and blank: the form is pristine again and Save goes off (SPEC.md §5).
  ...typed('keyName.edit', 'Doors', ''),
  { type: 'keyName.save' },
  { type: 'keyName.close' },
  { type: 'xstate.done.actor.saveKey', output: renamed },
  // What a person can meet with a well-formed name: attributes.write was taken away meanwhile.
  { type: 'xstate.error.actor.saveKey', error: refusal(403, 'You are not allowed to do this.') },
] as unknown as KeyNameEvent[]

/**
 * SPEC.md §5: Save is off while the form is pristine or submitting. Pristine: the name is blank or
 * still the one loaded. After a failed save it stays on, to try again.
 */
export function saveable(s: KeyNameSnapshot): boolean {
  if (s.hasTag('busy')) return false
  if (s.matches('failed')) return true
  const name = s.context.name.trim()
  return name !== '' && name !== s.context.original.trim()
}

/** The dialog as a person sees it: the Name, Save, the message. */
function shows(s: KeyNameSnapshot): string | undefined {
  if (s.matches('saved'))
    return `The dialog has closed; the notice reads “${s.context.name} was saved”`
  if (s.matches('closed')) return 'The dialog has closed; nothing was saved'
  return [
    `The 'AttributeKey Branch' dialog: Name ${s.context.name ? `“${s.context.name}”` : 'empty'}`,
    saveable(s) ? 'Save is on' : 'Save is off',
    ...(s.context.error ? [`the message reads “${s.context.error}”`] : []),
  ].join('; ')
}

export const keyNamePaths = definePaths({
  name: "Renaming a branch ('AttributeKey Branch')",
  machine: keyNameMachine,
  events,
  // Edit on Doors, a branch of Kitchen.
  input: { keyId: ID.kBranch, type: 'BRANCH', tree: createEmptyActor() },
  // Save with a pristine name does nothing (the button is off): not a step of its own.
  filterEvents: (s, event) => s.can(event),
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.name, s.context.original, s.context.error]) +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''),
  shows,
})

export const models = [keyNamePaths]
